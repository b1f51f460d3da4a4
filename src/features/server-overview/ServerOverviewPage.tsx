import { Alert, Descriptions, Typography } from 'antd';
import { PlainCard } from '../../components/PlainCard';
import { PlainGrid } from '../../components/PlainGrid';
import { RenderAfterContent } from '../../components/RenderAfterContent';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useServerSocket } from '../../api/serverSocket';
import { useGetServerQuery, useGetServerResourcesQuery } from '../../api/servers';
import { ConnectionStatus } from '../../widgets/server/ConnectionStatus';
import { CopyableAddress, serverAddress } from '../../components/server/CopyableAddress';
import { formatDuration } from '../../components/server/formatDuration';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { badgeState, ServerStateTag } from '../../widgets/server/ServerStateTag';
import { NodeOfflineNotice } from '../../widgets/server/NodeOfflineNotice';
import { LazyTransferNotice } from '../../widgets/server/LazyTransferNotice';
import { LazyInstallFailedPanel } from '../../widgets/server/LazyInstallFailedPanel';
import { IsolationNotice } from './IsolationNotice';
import { PlanLimits } from './PlanLimits';
import { PlayersOnline } from './PlayersOnline';
import { ResourceTiles } from './ResourceTiles';
import { ResourceTilesPlaceholder } from './ResourceTilesPlaceholder';
import { ReservedWidth } from './ReservedWidth';
import { CrashesCard } from './crashes/CrashesCard';
import { ThresholdsCard } from './thresholds/ThresholdsCard';
import { PlainSkeleton } from '../../components/PlainSkeleton';

/** An uptime of 59 min 59 s: in most languages the widest the uptime reads ("… min … s"). */
const LONGEST_UPTIME_MS = 3_599_000;

/** A sample of the resources the API answered longer ago than this is asked for again, not shown. */
const SAMPLE_KEPT_SECONDS = 10;

/**
 * /server/{id}: the server at a glance. State, resource use, players and graphs of the last
 * minutes come live over the server's socket; the plan and address from the servers API. Until
 * the socket's first sample the figures are the API's (asked for at start-up with the server's
 * details): the socket connects only once the page is there, and its first sample comes a second
 * or more later on a slow phone.
 */
export function ServerOverviewPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetServerQuery({ id });
  // The socket waits for the server: there is nothing to connect to for a server that cannot be loaded.
  const socket = useServerSocket(data ? id : undefined);
  const sampled = useGetServerResourcesQuery({ id }, { skip: socket.stats !== null, refetchOnMountOrArgChange: SAMPLE_KEPT_SECONDS });

  const title = t('overview.title', 'Overview');
  if (!data) {
    return <ServerPageSection title={title}>{isLoading ? <PlainSkeleton rows={10} /> : <ServerLoadFailure error={error} onRetry={refetch} />}</ServerPageSection>;
  }

  const server = data.data;
  const state = socket.state ?? server.state;
  const stats = socket.stats ?? sampled.data?.data ?? null;
  const address = serverAddress(server.allocation);
  const running = state === 'running' || state === 'starting';
  // Before the first sample the tiles' placeholder says that the page is connecting, in place of
  // an alert that would push the page down and pull it up again a moment later.
  const connectingFirst = !socket.stats && socket.connection === 'connecting';
  const notRunning = t('overview.notRunning', 'Not running');

  return (
    <ServerPageSection title={title} badge={<ServerStateTag state={badgeState(server.status, state)} />}>
      {server.description ? <Typography.Paragraph style={{ margin: 0, opacity: 0.85 }}>{server.description}</Typography.Paragraph> : null}
      {server.suspended ? <Alert type="error" showIcon title={t('admin.customerNotice.suspended', 'This server is suspended')} description={server.suspension_reason} /> : null}
      {server.status === 'install_failed' ? <LazyInstallFailedPanel serverId={id} error={server.install_error} isOwner={server.is_owner} /> : null}
      <NodeOfflineNotice state={state} />
      <LazyTransferNotice transfer={socket.transfer} state={state} />
      {stats ? <IsolationNotice isolation={stats.isolation} /> : null}
      {connectingFirst ? null : <ConnectionStatus connection={socket.connection} retryAt={socket.retryAt} reason={socket.reason} onReconnect={socket.reconnect} />}
      <PlainCard size="small" style={{ background: 'var(--panel-card-gradient)', borderColor: 'var(--panel-card-border)' }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'game', label: t('overview.game', 'Game'), children: `${server.game.name} · ${server.template.name}` },
            {
              key: 'address',
              label: t('overview.address', 'Address'),
              children: address ? <CopyableAddress address={address} /> : t('overview.noAddress', 'No address assigned'),
            },
            {
              key: 'uptime',
              label: t('overview.uptime', 'Uptime'),
              // Kept as wide as its longest text: a changing uptime would move the other columns.
              children: <ReservedWidth reserve={[notRunning, formatDuration(t, LONGEST_UPTIME_MS)]}>{running && stats ? formatDuration(t, stats.uptime_ms) : notRunning}</ReservedWidth>,
            },
            { key: 'node', label: t('overview.node', 'Node'), children: server.node },
          ]}
        />
      </PlainCard>
      {stats ? (
        <ResourceTiles stats={stats} history={socket.history} />
      ) : (
        <ResourceTilesPlaceholder
          message={connectingFirst ? t('server.connection.connecting', 'Connecting to the server…') : t('overview.waitingForStats', 'Waiting for the first resource sample…')}
        />
      )}
      {/* The plan's, crashes' and thresholds' cards are memoised: they do not change with each live sample. */}
      <PlainGrid columns={{ xs: 1, md: [1, 2] }}>
        <div>
          <PlayersOnline players={stats?.players} running={running} />
        </div>
        <div>
          <PlanLimits plan={server.plan} />
        </div>
      </PlainGrid>
      {/* The crashes' and thresholds' cards (forms, below the figures) come after the page's figures are painted. */}
      <RenderAfterContent>
        <CrashesCard serverId={id} permissions={server.permissions} state={state} />
        <ThresholdsCard serverId={id} permissions={server.permissions} />
      </RenderAfterContent>
    </ServerPageSection>
  );
}
