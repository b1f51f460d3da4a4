import { Flex, Typography } from 'antd';
import { PlainCard } from '../../components/PlainCard';
import { useTranslation } from 'react-i18next';
import type { ServerResources } from '../../api/servers';

/** Props of {@link PlayersOnline}. */
export interface PlayersOnlineProps {
  players: ServerResources['players'] | undefined;
  running: boolean;
}

/** Players online, as the game reports them (Minecraft answers status pings; other games may not). */
export function PlayersOnline({ players, running }: PlayersOnlineProps) {
  const { t } = useTranslation();
  const title = t('overview.players.title', 'Players online');
  return (
    <PlainCard size="small" title={title} style={{ height: '100%', background: 'var(--panel-card-gradient)', borderColor: 'var(--panel-card-border)' }}>
      {players ? (
        <Flex vertical gap={6}>
          <Typography.Text strong style={{ fontSize: 22 }} data-testid="players-online">
            {t('overview.players.count', '{{online}} / {{max}}', { online: players.online, max: players.max })}
          </Typography.Text>
          {players.sample.length > 0 ? (
            <Typography.Text type="secondary">{players.sample.join(', ')}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('overview.players.nobody', 'Nobody is playing right now.')}</Typography.Text>
          )}
        </Flex>
      ) : (
        <Flex vertical gap={6}>
          {/* Holds the count's line: the card keeps its height when the first count arrives. */}
          <Typography.Text strong style={{ fontSize: 22 }} aria-hidden="true">
            {'\u00a0'}
          </Typography.Text>
          <Typography.Text type="secondary">{running ? t('overview.players.unknown', 'No player count reported.') : t('overview.players.offline', 'The server is not running.')}</Typography.Text>
        </Flex>
      )}
    </PlainCard>
  );
}
