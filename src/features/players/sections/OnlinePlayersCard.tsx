import { useTranslation } from 'react-i18next';
import { useKickServerPlayerMutation } from '../../../api/players';
import { useDateTime } from '../../../core/session/useDateTime';
import { PlainCard } from '../../../components/PlainCard';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { KickForm } from '../forms/KickForm';
import { PlayerNameCell, PlayerUuidCell, type PlayerSectionProps } from './playerSection';

/** Who is online now (from the game server itself), when each joined, and a kick for each. */
export function OnlinePlayersCard({ serverId, players, canManage, run }: PlayerSectionProps) {
  const { t } = useTranslation();
  const clock = useDateTime('time');
  const [kick] = useKickServerPlayerMutation();
  const running = players.state === 'running';
  return (
    <PlainCard title={t('players.online', 'Online now')} size="small">
      <ResponsiveTable
        rowLabel={(row) => row.name}
        size="small"
        rowKey="uuid"
        pagination={false}
        dataSource={players.online}
        locale={{ emptyText: running ? t('players.nobodyOnline', 'Nobody is online.') : t('players.offline', 'The server is not running.') }}
        columns={[
          { title: t('players.name', 'Name'), key: 'name', render: (_, p) => <PlayerNameCell name={p.name} uuid={p.uuid} /> },
          { title: t('players.uuid', 'UUID'), key: 'uuid', render: (_, p) => <PlayerUuidCell uuid={p.uuid} /> },
          { title: t('players.joined', 'Joined'), key: 'joined', render: (_, p) => <time dateTime={p.joined_at}>{clock(p.joined_at)}</time> },
          ...(canManage
            ? [
                {
                  title: t('players.actions', 'Actions'),
                  key: 'actions',
                  render: (_: unknown, p: { name: string }) => <KickForm onKick={(reason) => run(() => kick({ id: serverId, body: { name: p.name, ...(reason ? { reason } : {}) } }))} name={p.name} />,
                },
              ]
            : []),
        ]}
      />
    </PlainCard>
  );
}
