import { CodeOutlined, DashboardOutlined } from '@ant-design/icons';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useServerSocket } from '../../../api/serverSocket';
import type { Server } from '../../../api/servers';
import { PanelCard } from '../../../components/PanelCard';
import { PageHeading, SecondaryText } from '../../../components/PanelText';
import { UsageBar } from '../../../components/server/UsageBar';
import { CopyableAddress, serverAddress } from '../../../components/server/CopyableAddress';
import { formatBytes } from '../../../components/server/formatBytes';
import { numberFormatter } from '../../../i18n/numberFormatter';
import { badgeState, ServerStateTag } from '../../../widgets/server/ServerStateTag';
import { themeForServer } from '../../../themes/themeForServer';
import { ThemeTokensScope } from '../../../themes/ThemeTokensScope';

/** Props of {@link ServerCard}. */
export interface ServerCardProps {
  server: Server;
}

/**
 * A server on the dashboard, in its game's theme and art: name, live state, the address to copy,
 * and live CPU and memory from the server's socket. The card's own parts take the game's colours;
 * antd's tag and button inside keep the page's (see ThemeTokensScope).
 */
export function ServerCard({ server }: ServerCardProps) {
  const { t, i18n } = useTranslation();
  const live = useServerSocket(server.identifier);
  const state = badgeState(server.status, live.state ?? server.state);
  const stats = live.stats;
  const address = serverAddress(server.allocation);
  const base = `/server/${encodeURIComponent(server.identifier)}`;
  const cpu = stats ? numberFormatter(i18n.language, 0).format(stats.cpu_absolute) : null;

  return (
    <ThemeTokensScope name={themeForServer(server.game.slug, server.plan.tier)}>
      <PanelCard
        label={server.name}
        bodyStyle={{ display: 'flex', flexDirection: 'column', gap: 10 }}
        style={{ background: 'var(--panel-card-gradient)', borderColor: 'var(--panel-card-border)', boxShadow: 'var(--panel-card-shadow)' }}
        cover={
          <div
            style={{
              height: 88,
              background: 'var(--panel-server-image)',
              backgroundSize: 'cover',
              backgroundPosition: 'center',
              display: 'flex',
              alignItems: 'flex-end',
              justifyContent: 'space-between',
              padding: '8px 12px',
            }}
          >
            <strong style={{ color: '#fff', textShadow: '0 1px 3px rgba(0,0,0,.8)' }}>{server.plan.name}</strong>
            <Flex gap={4}>
              {server.sleeping && (live.state ?? server.state) === 'offline' && (
                <Tag color="purple" data-testid="sleeping">
                  {t('dashboard.card.sleeping', 'Sleeping')}
                </Tag>
              )}
              <ServerStateTag state={state} />
            </Flex>
          </div>
        }
        actions={[
          <Link key="overview" to={base}>
            <DashboardOutlined aria-hidden="true" /> {t('dashboard.card.overview', 'Overview')}
          </Link>,
          <Link key="console" to={`${base}/console`}>
            <CodeOutlined aria-hidden="true" /> {t('dashboard.card.console', 'Console')}
          </Link>,
        ]}
      >
        <PageHeading level={3}>
          <Link to={base} style={{ color: 'inherit' }}>
            {server.name}
          </Link>
        </PageHeading>
        {address ? <CopyableAddress address={address} /> : <SecondaryText>{t('dashboard.card.noAddress', 'No address assigned')}</SecondaryText>}
        {stats && stats.state !== 'offline' ? (
          <Flex vertical gap={2}>
            <SecondaryText style={{ fontSize: 12 }}>{t('dashboard.card.cpu', 'CPU {{percent}} % of {{limit}} %', { percent: cpu, limit: stats.cpu_limit })}</SecondaryText>
            <UsageBar label={t('dashboard.card.cpuBar', 'CPU use')} used={stats.cpu_absolute} limit={stats.cpu_limit} />
            <SecondaryText style={{ fontSize: 12 }}>
              {t('dashboard.card.memory', 'Memory {{used}} of {{limit}}', {
                used: formatBytes(t, stats.memory_bytes, i18n.language),
                limit: formatBytes(t, stats.memory_limit_bytes, i18n.language),
              })}
            </SecondaryText>
            <UsageBar label={t('dashboard.card.memoryBar', 'Memory use')} used={stats.memory_bytes} limit={stats.memory_limit_bytes} />
          </Flex>
        ) : (
          <SecondaryText style={{ fontSize: 12 }}>
            {server.status === 'install_failed'
              ? (server.install_error ?? t('dashboard.card.installFailed', 'The installation failed.'))
              : t('dashboard.card.idle', 'Not running: no resources in use.')}
          </SecondaryText>
        )}
      </PanelCard>
    </ThemeTokensScope>
  );
}
