import { Alert, Button, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { PlainCard } from '../../components/PlainCard';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  useAddServerWhitelistPlayerMutation,
  useBanServerIpMutation,
  useBanServerPlayerMutation,
  useDeopServerPlayerMutation,
  useGetServerPlayersQuery,
  useKickServerPlayerMutation,
  useOpServerPlayerMutation,
  usePardonServerIpMutation,
  usePardonServerPlayerMutation,
  useRemoveServerWhitelistPlayerMutation,
  useSetServerWhitelistEnabledMutation,
} from '../../api/players';
import { apiFieldErrors } from '../../api/apiError';
import { useServerSocket } from '../../api/serverSocket';
import { useGetServerQuery } from '../../api/servers';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { useDateTime } from '../../core/session/useDateTime';
import { gameDateToIso } from './gameDate';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { StatusResult } from '../../components/StatusResult';
import { PlayerHead } from './PlayerHead';
import { SleepSettingsCard } from './SleepSettingsCard';
import { BanForm } from './forms/BanForm';
import { IpBanForm } from './forms/IpBanForm';
import { KickForm } from './forms/KickForm';
import { NameForm } from './forms/NameForm';
import { OpForm } from './forms/OpForm';

/** The message of a failed change (404, 409, 502 are not raised as notifications). */
function messageOf(error: unknown): string | null {
  const data = (error as { data?: { message?: string } } | undefined)?.data;
  return data?.message ?? null;
}

/**
 * /server/{id}/players: who is online (from the game server itself), the whitelist, operators and
 * bans (from the game's own files, so a stopped server's lists are shown and editable too).
 */
export function PlayersPage() {
  const { t } = useTranslation();
  // Every date through the panel's one formatter: the user's language and 12/24-hour clock.
  const when = useDateTime();
  const clock = useDateTime('time');
  const gameDate = (text: string) => <time dateTime={gameDateToIso(text)}>{when(gameDateToIso(text))}</time>;
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
  const [kick] = useKickServerPlayerMutation();
  const [ban] = useBanServerPlayerMutation();
  const [pardon] = usePardonServerPlayerMutation();
  const [banIp] = useBanServerIpMutation();
  const [pardonIp] = usePardonServerIpMutation();
  const [op] = useOpServerPlayerMutation();
  const [deop] = useDeopServerPlayerMutation();
  const [whitelistAdd] = useAddServerWhitelistPlayerMutation();
  const [whitelistRemove] = useRemoveServerWhitelistPlayerMutation();
  const [whitelistEnabled] = useSetServerWhitelistEnabledMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const title = t('players.title', 'Players');

  /**
   * Runs a change; its error message stays on the page until the next change. A 422 about the
   * `fields` a form shows is shown under those fields instead.
   */
  const run = async (change: () => Promise<unknown>, fields: readonly string[] = []): Promise<boolean> => {
    setFailure(null);
    const result = (await change()) as { error?: unknown };
    if (result.error) {
      const bad = Object.keys(apiFieldErrors(result.error));
      const underFields = bad.length > 0 && bad.every((field) => fields.includes(field));
      if (!underFields) setFailure(messageOf(result.error) ?? t('players.failed', 'The change could not be made.'));
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
        {failed ? <ServerLoadFailure error={failed} onRetry={() => void (server.data ? players.refetch() : server.refetch())} /> : <Skeleton active paragraph={{ rows: 8 }} />}
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
  const nameCell = (name: string, uuid: string) => (
    <Space>
      <PlayerHead uuid={uuid} name={name} />
      <span>{name}</span>
    </Space>
  );
  const uuidCell = (uuid: string) => (
    <Typography.Text type="secondary" copyable style={{ fontFamily: 'monospace', fontSize: 12 }}>
      {uuid}
    </Typography.Text>
  );
  const running = data.state === 'running';

  return (
    // Wide lists scroll inside the page on a phone instead of widening the whole page.
    <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
      <ServerPageSection title={title} badge={<Tag>{t('players.onlineCount', '{{count}} of {{max}} online', { count: data.online.length, max: data.max_players ?? '?' })}</Tag>}>
        {failure && <Alert type="error" showIcon closable message={failure} onClose={() => setFailure(null)} role="alert" />}
        {!running && <Alert type="info" showIcon message={t('players.stoppedNote', 'The server is not running: changes are written to its files and apply when it starts.')} />}

        <SleepSettingsCard serverId={id} canManage={canManage} />

        <PlainCard title={t('players.online', 'Online now')} size="small">
          <ResponsiveTable
            rowLabel={(row) => row.name}
            size="small"
            rowKey="uuid"
            pagination={false}
            dataSource={data.online}
            locale={{ emptyText: running ? t('players.nobodyOnline', 'Nobody is online.') : t('players.offline', 'The server is not running.') }}
            columns={[
              { title: t('players.name', 'Name'), key: 'name', render: (_, p) => nameCell(p.name, p.uuid) },
              { title: t('players.uuid', 'UUID'), key: 'uuid', render: (_, p) => uuidCell(p.uuid) },
              { title: t('players.joined', 'Joined'), key: 'joined', render: (_, p) => <time dateTime={p.joined_at}>{clock(p.joined_at)}</time> },
              ...(canManage
                ? [
                    {
                      title: t('players.actions', 'Actions'),
                      key: 'actions',
                      render: (_: unknown, p: { name: string }) => <KickForm onKick={(reason) => run(() => kick({ id, body: { name: p.name, ...(reason ? { reason } : {}) } }))} name={p.name} />,
                    },
                  ]
                : []),
            ]}
          />
        </PlainCard>

        <PlainCard title={t('players.whitelist', 'Whitelist')} size="small">
          {/* In the body, not the card's header: the header does not wrap, and a phone is too narrow for both. */}
          <Space wrap style={{ marginBottom: 12 }}>
            <Switch
              aria-labelledby="whitelist-switch-label"
              checked={data.whitelist.enabled}
              disabled={!canManage}
              onChange={(enabled) => void run(() => whitelistEnabled({ id, body: { enabled } }))}
            />
            <span id="whitelist-switch-label">{t('players.whitelistEnabled', 'Only whitelisted players may join')}</span>
          </Space>
          {canManage && <NameForm label={t('players.addToWhitelist', 'Add to the whitelist')} onSubmit={(name) => run(() => whitelistAdd({ id, body: { name } }), ['name'])} />}
          <ResponsiveTable
            rowLabel={(row) => row.name}
            size="small"
            rowKey="uuid"
            pagination={false}
            dataSource={data.whitelist.entries}
            locale={{ emptyText: t('players.whitelistEmpty', 'Nobody is on the whitelist.') }}
            columns={[
              { title: t('players.name', 'Name'), key: 'name', render: (_, p) => nameCell(p.name, p.uuid) },
              { title: t('players.uuid', 'UUID'), key: 'uuid', render: (_, p) => uuidCell(p.uuid) },
              ...(canManage
                ? [
                    {
                      title: t('players.actions', 'Actions'),
                      key: 'a',
                      render: (_: unknown, p: { name: string }) => (
                        <Button size="small" onClick={() => void run(() => whitelistRemove({ id, name: p.name }))} aria-label={t('players.removeNamed', 'Remove {{name}}', { name: p.name })}>
                          {t('players.remove', 'Remove')}
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </PlainCard>

        <PlainCard title={t('players.operators', 'Operators')} size="small">
          {canManage && <OpForm onSubmit={(name, level) => run(() => op({ id, body: { name, level } }), ['name', 'level'])} />}
          <ResponsiveTable
            rowLabel={(row) => row.name}
            size="small"
            rowKey="uuid"
            pagination={false}
            dataSource={data.ops}
            locale={{ emptyText: t('players.opsEmpty', 'No operators.') }}
            columns={[
              { title: t('players.name', 'Name'), key: 'name', render: (_, p) => nameCell(p.name, p.uuid) },
              { title: t('players.level', 'Level'), dataIndex: 'level', key: 'level' },
              ...(canManage
                ? [
                    {
                      title: t('players.actions', 'Actions'),
                      key: 'a',
                      render: (_: unknown, p: { name: string }) => (
                        <Button size="small" onClick={() => void run(() => deop({ id, name: p.name }))} aria-label={t('players.deopNamed', 'Remove operator {{name}}', { name: p.name })}>
                          {t('players.deop', 'Remove operator')}
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </PlainCard>

        <PlainCard title={t('players.bans', 'Banned players')} size="small">
          {canManage && (
            <BanForm
              onSubmit={(name, reason, expires) => run(() => ban({ id, body: { name, ...(reason ? { reason } : {}), ...(expires ? { expires_at: expires } : {}) } }), ['name', 'reason', 'expires_at'])}
            />
          )}
          <ResponsiveTable
            rowLabel={(row) => row.name}
            size="small"
            rowKey="uuid"
            pagination={false}
            dataSource={data.bans}
            locale={{ emptyText: t('players.bansEmpty', 'Nobody is banned.') }}
            columns={[
              { title: t('players.name', 'Name'), key: 'name', render: (_, p) => nameCell(p.name, p.uuid) },
              { title: t('players.reason', 'Reason'), dataIndex: 'reason', key: 'reason' },
              { title: t('players.by', 'By'), dataIndex: 'source', key: 'source' },
              { title: t('players.when', 'When'), key: 'created', render: (_, p) => gameDate(p.created) },
              { title: t('players.expires', 'Expires'), key: 'expires', render: (_, p) => (p.expires ? gameDate(p.expires) : t('players.never', 'Never')) },
              ...(canManage
                ? [
                    {
                      title: t('players.actions', 'Actions'),
                      key: 'a',
                      render: (_: unknown, p: { name: string }) => (
                        <Button size="small" onClick={() => void run(() => pardon({ id, name: p.name }))} aria-label={t('players.pardonNamed', 'Pardon {{name}}', { name: p.name })}>
                          {t('players.pardon', 'Pardon')}
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </PlainCard>

        <PlainCard title={t('players.ipBans', 'Banned IP addresses')} size="small">
          {canManage && <IpBanForm onSubmit={(ip, reason) => run(() => banIp({ id, body: { ip, ...(reason ? { reason } : {}) } }), ['ip', 'reason'])} />}
          <ResponsiveTable
            rowLabel={(row) => row.ip}
            size="small"
            rowKey="ip"
            pagination={false}
            dataSource={data.ip_bans}
            locale={{ emptyText: t('players.ipBansEmpty', 'No address is banned.') }}
            columns={[
              { title: t('players.ip', 'IP address'), dataIndex: 'ip', key: 'ip' },
              { title: t('players.reason', 'Reason'), dataIndex: 'reason', key: 'reason' },
              { title: t('players.by', 'By'), dataIndex: 'source', key: 'source' },
              { title: t('players.when', 'When'), key: 'created', render: (_, p) => gameDate(p.created) },
              ...(canManage
                ? [
                    {
                      title: t('players.actions', 'Actions'),
                      key: 'a',
                      render: (_: unknown, p: { ip: string }) => (
                        <Button size="small" onClick={() => void run(() => pardonIp({ id, ip: p.ip }))} aria-label={t('players.pardonNamed', 'Pardon {{name}}', { name: p.ip })}>
                          {t('players.pardon', 'Pardon')}
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </PlainCard>
      </ServerPageSection>
    </div>
  );
}
