import { Button, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAddServerWhitelistPlayerMutation, useRemoveServerWhitelistPlayerMutation, useSetServerWhitelistEnabledMutation } from '../../../api/players';
import { PlainCard } from '../../../components/PlainCard';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { NameForm } from '../forms/NameForm';
import { PlayerNameCell, PlayerUuidCell, type PlayerSectionProps } from './playerSection';

/** The whitelist: whether it is enforced, who is on it, adding and removing names. */
export function WhitelistCard({ serverId, players, canManage, run }: PlayerSectionProps) {
  const { t } = useTranslation();
  const [whitelistAdd] = useAddServerWhitelistPlayerMutation();
  const [whitelistRemove] = useRemoveServerWhitelistPlayerMutation();
  const [whitelistEnabled] = useSetServerWhitelistEnabledMutation();
  return (
    <PlainCard title={t('players.whitelist', 'Whitelist')} size="small">
      {/* In the body, not the card's header: the header does not wrap, and a phone is too narrow for both. */}
      <Space wrap style={{ marginBottom: 12 }}>
        <Switch
          aria-labelledby="whitelist-switch-label"
          checked={players.whitelist.enabled}
          disabled={!canManage}
          onChange={(enabled) => void run(() => whitelistEnabled({ id: serverId, body: { enabled } }))}
        />
        <span id="whitelist-switch-label">{t('players.whitelistEnabled', 'Only whitelisted players may join')}</span>
      </Space>
      {canManage && <NameForm label={t('players.addToWhitelist', 'Add to the whitelist')} onSubmit={(name) => run(() => whitelistAdd({ id: serverId, body: { name } }), ['name'])} />}
      <ResponsiveTable
        rowLabel={(row) => row.name}
        size="small"
        rowKey="uuid"
        pagination={false}
        dataSource={players.whitelist.entries}
        locale={{ emptyText: t('players.whitelistEmpty', 'Nobody is on the whitelist.') }}
        columns={[
          { title: t('players.name', 'Name'), key: 'name', render: (_, p) => <PlayerNameCell name={p.name} uuid={p.uuid} /> },
          { title: t('players.uuid', 'UUID'), key: 'uuid', render: (_, p) => <PlayerUuidCell uuid={p.uuid} /> },
          ...(canManage
            ? [
                {
                  title: t('players.actions', 'Actions'),
                  key: 'a',
                  render: (_: unknown, p: { name: string }) => (
                    <Button size="small" onClick={() => void run(() => whitelistRemove({ id: serverId, name: p.name }))} aria-label={t('players.removeNamed', 'Remove {{name}}', { name: p.name })}>
                      {t('players.remove', 'Remove')}
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
