import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBanServerIpMutation, useBanServerPlayerMutation, usePardonServerIpMutation, usePardonServerPlayerMutation } from '../../../api/players';
import { useDateTime } from '../../../core/session/useDateTime';
import { PlainCard } from '../../../components/PlainCard';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { gameDateToIso } from '../gameDate';
import { BanForm } from '../forms/BanForm';
import { IpBanForm } from '../forms/IpBanForm';
import { PlayerNameCell, type PlayerSectionProps } from './playerSection';

/** A date as the game writes it in its ban files, shown through the panel's one formatter. */
function useGameDate() {
  const when = useDateTime();
  return (text: string) => <time dateTime={gameDateToIso(text)}>{when(gameDateToIso(text))}</time>;
}

/** The banned players (reason, by whom, when, until when), banning and pardoning. */
export function PlayerBansCard({ serverId, players, canManage, run }: PlayerSectionProps) {
  const { t } = useTranslation();
  const gameDate = useGameDate();
  const [ban] = useBanServerPlayerMutation();
  const [pardon] = usePardonServerPlayerMutation();
  return (
    <PlainCard title={t('players.bans', 'Banned players')} size="small">
      {canManage && (
        <BanForm
          onSubmit={(name, reason, expires) =>
            run(() => ban({ id: serverId, body: { name, ...(reason ? { reason } : {}), ...(expires ? { expires_at: expires } : {}) } }), ['name', 'reason', 'expires_at'])
          }
        />
      )}
      <ResponsiveTable
        rowLabel={(row) => row.name}
        size="small"
        rowKey="uuid"
        pagination={false}
        dataSource={players.bans}
        locale={{ emptyText: t('players.bansEmpty', 'Nobody is banned.') }}
        columns={[
          { title: t('players.name', 'Name'), key: 'name', render: (_, p) => <PlayerNameCell name={p.name} uuid={p.uuid} /> },
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
                    <Button size="small" onClick={() => void run(() => pardon({ id: serverId, name: p.name }))} aria-label={t('players.pardonNamed', 'Pardon {{name}}', { name: p.name })}>
                      {t('players.pardon', 'Pardon')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </PlainCard>
  );
}

/** The banned IP addresses, banning and pardoning. */
export function IpBansCard({ serverId, players, canManage, run }: PlayerSectionProps) {
  const { t } = useTranslation();
  const gameDate = useGameDate();
  const [banIp] = useBanServerIpMutation();
  const [pardonIp] = usePardonServerIpMutation();
  return (
    <PlainCard title={t('players.ipBans', 'Banned IP addresses')} size="small">
      {canManage && <IpBanForm onSubmit={(ip, reason) => run(() => banIp({ id: serverId, body: { ip, ...(reason ? { reason } : {}) } }), ['ip', 'reason'])} />}
      <ResponsiveTable
        rowLabel={(row) => row.ip}
        size="small"
        rowKey="ip"
        pagination={false}
        dataSource={players.ip_bans}
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
                    <Button size="small" onClick={() => void run(() => pardonIp({ id: serverId, ip: p.ip }))} aria-label={t('players.pardonNamed', 'Pardon {{name}}', { name: p.ip })}>
                      {t('players.pardon', 'Pardon')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </PlainCard>
  );
}
