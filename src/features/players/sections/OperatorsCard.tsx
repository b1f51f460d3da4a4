import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeopServerPlayerMutation, useOpServerPlayerMutation } from '../../../api/players';
import { PlainCard } from '../../../components/PlainCard';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { OpForm } from '../forms/OpForm';
import { PlayerNameCell, type PlayerSectionProps } from './playerSection';

/** The operators with their level; making and removing operators. */
export function OperatorsCard({ serverId, players, canManage, run }: PlayerSectionProps) {
  const { t } = useTranslation();
  const [op] = useOpServerPlayerMutation();
  const [deop] = useDeopServerPlayerMutation();
  return (
    <PlainCard title={t('players.operators', 'Operators')} size="small">
      {canManage && <OpForm onSubmit={(name, level) => run(() => op({ id: serverId, body: { name, level } }), ['name', 'level'])} />}
      <ResponsiveTable
        rowLabel={(row) => row.name}
        size="small"
        rowKey="uuid"
        pagination={false}
        dataSource={players.ops}
        locale={{ emptyText: t('players.opsEmpty', 'No operators.') }}
        columns={[
          { title: t('players.name', 'Name'), key: 'name', render: (_, p) => <PlayerNameCell name={p.name} uuid={p.uuid} /> },
          { title: t('players.level', 'Level'), dataIndex: 'level', key: 'level' },
          ...(canManage
            ? [
                {
                  title: t('players.actions', 'Actions'),
                  key: 'a',
                  render: (_: unknown, p: { name: string }) => (
                    <Button size="small" onClick={() => void run(() => deop({ id: serverId, name: p.name }))} aria-label={t('players.deopNamed', 'Remove operator {{name}}', { name: p.name })}>
                      {t('players.deop', 'Remove operator')}
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
