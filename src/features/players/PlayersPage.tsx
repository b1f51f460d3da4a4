import { Alert, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useGetServerPlayersQuery } from '../../api/players';
import { apiErrorMessage, apiFieldErrors } from '../../api/apiError';
import { useServerSocket } from '../../api/serverSocket';
import { useGetServerQuery } from '../../api/servers';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { StatusResult } from '../../components/StatusResult';
import { SleepSettingsCard } from './SleepSettingsCard';
import { IpBansCard, PlayerBansCard } from './sections/BansCards';
import { OnlinePlayersCard } from './sections/OnlinePlayersCard';
import { OperatorsCard } from './sections/OperatorsCard';
import type { RunChange } from './sections/playerSection';
import { WhitelistCard } from './sections/WhitelistCard';
import { PlainSkeleton } from '../../components/PlainSkeleton';

/**
 * /server/{id}/players: who is online (from the game server itself), the whitelist, operators and
 * bans (from the game's own files, so a stopped server's lists are shown and editable too).
 */
export function PlayersPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useClearValidationOnLeave();
  const server = useGetServerQuery({ id });
  const permissions = server.data?.data.permissions ?? [];
  const canRead = permissions.includes('players.read');
  const canManage = permissions.includes('players.manage');
  const players = useGetServerPlayersQuery({ id }, { skip: !canRead, pollingInterval: 1000, skipPollingIfUnfocused: false });
  // The console socket sends a sample the moment someone joins or leaves: the list follows at once
  // (the polling above covers a page without the socket).
  const live = useServerSocket(server.data && canRead ? id : undefined);
  const whoIsOnline = live.stats?.players ? `${live.stats.players.online}:${live.stats.players.sample.join(',')}` : null;
  const { refetch: refetchPlayers, isUninitialized } = players;
  useEffect(() => {
    if (whoIsOnline !== null && !isUninitialized) void refetchPlayers();
  }, [whoIsOnline, isUninitialized, refetchPlayers]);
  const [failure, setFailure] = useState<string | null>(null);
  const title = t('players.title', 'Players');

  /**
   * Runs a change; its error message stays on the page until the next change. A 422 about the
   * `fields` a form shows is shown under those fields instead.
   */
  const run: RunChange = async (change, fields = []) => {
    setFailure(null);
    const result = (await change()) as { error?: unknown };
    if (result.error) {
      const bad = Object.keys(apiFieldErrors(result.error));
      const underFields = bad.length > 0 && bad.every((field) => fields.includes(field));
      // 404, 409 and 502 are not raised as notifications: the page says what went wrong.
      if (!underFields) setFailure(apiErrorMessage(result.error) ?? t('players.failed', 'The change could not be made.'));
    }
    return !result.error;
  };

  if (server.data && !canRead) {
    return (
      <ServerPageSection title={title}>
        <StatusResult status="403" title={t('players.forbidden', 'You may not see the players of this server.')} />
      </ServerPageSection>
    );
  }
  const failed = server.error ?? players.error;
  if (!server.data || !players.data) {
    return (
      <ServerPageSection title={title}>
        {failed ? <ServerLoadFailure error={failed} onRetry={() => void (server.data ? players.refetch() : server.refetch())} /> : <PlainSkeleton rows={8} />}
      </ServerPageSection>
    );
  }
  const data = players.data.data;
  if (!data.supported) {
    return (
      <ServerPageSection title={title}>
        <Alert
          type="info"
          showIcon
          message={t('players.unsupported', 'Player management (whitelist, operators, bans, kicks) is only available for Minecraft Java servers; this game’s server does not offer it to the panel.')}
        />
      </ServerPageSection>
    );
  }
  const running = data.state === 'running';
  const section = { serverId: id, players: data, canManage, run };

  return (
    // Wide lists scroll inside the page on a phone instead of widening the whole page.
    <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
      <ServerPageSection title={title} badge={<Tag>{t('players.onlineCount', '{{count}} of {{max}} online', { count: data.online.length, max: data.max_players ?? '?' })}</Tag>}>
        {failure && <Alert type="error" showIcon closable message={failure} onClose={() => setFailure(null)} role="alert" />}
        {!running && <Alert type="info" showIcon message={t('players.stoppedNote', 'The server is not running: changes are written to its files and apply when it starts.')} />}

        <SleepSettingsCard serverId={id} canManage={canManage} />

        <OnlinePlayersCard {...section} />
        <WhitelistCard {...section} />
        <OperatorsCard {...section} />
        <PlayerBansCard {...section} />
        <IpBansCard {...section} />
      </ServerPageSection>
    </div>
  );
}
