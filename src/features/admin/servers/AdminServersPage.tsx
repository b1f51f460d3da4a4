import { Button, Drawer, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useListAdminServersQuery, useOpenAdminServerMutation, useReinstallAdminServerMutation, useUnsuspendAdminServerMutation } from '../../../api/generated/admin.gen';
import { AdminPage } from '../AdminPage';
import { serverStateLabel, stateColour } from '../adminTexts';
import { CreateServerForm } from './CreateServerForm';
import { ServerActionDialogs, type ServerDialog } from './ServerActionDialogs';
import { TransferDialog } from './TransferDialog';
import { filtersFromSearch, type AdminServer } from './adminServerTypes';

const STATES = ['running', 'starting', 'stopping', 'offline', 'installing', 'install_failed', 'suspended'];

/** What the list shows as the server's state: suspended and install states before the power state. */
const shownState = (server: AdminServer) => (server.suspended ? 'suspended' : server.install_status !== 'installed' ? server.install_status : server.state);

/** Servers: search and filter, create for a user, open as the customer sees it, suspend, reinstall, transfer to another node, change plan, delete. */
export function AdminServersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const { data, isFetching } = useListAdminServersQuery(filters);
  const [openServer] = useOpenAdminServerMutation();
  const [unsuspend] = useUnsuspendAdminServerMutation();
  const [reinstall] = useReinstallAdminServerMutation();
  const [dialog, setDialog] = useState<ServerDialog>(null);
  const [creating, setCreating] = useState(false);
  const [transferring, setTransferring] = useState<AdminServer | null>(null);
  const setFilter = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const textFilters = [
    ['search', t('admin.action.search', 'Search')],
    ['owner', t('admin.servers.ownerColumn', 'Owner')],
    ['node', t('admin.servers.node', 'Node')],
  ] as const;
  const open = (server: AdminServer) =>
    void openServer({ server: server.identifier })
      .unwrap()
      .then(
        (answer) => navigate(answer.data.path),
        () => undefined,
      );
  const columns = [
    { key: 'name', title: t('admin.field.name', 'Name'), render: (server: AdminServer) => `${server.name} (${server.identifier})` },
    { key: 'owner', title: t('admin.servers.ownerColumn', 'Owner'), render: (server: AdminServer) => server.owner.username },
    { key: 'plan', title: t('admin.servers.plan', 'Plan'), render: (server: AdminServer) => `${server.game} · ${server.plan}` },
    { key: 'node', title: t('admin.servers.node', 'Node'), dataIndex: 'node' },
    { key: 'state', title: t('admin.field.state', 'State'), render: (server: AdminServer) => <Tag color={stateColour(shownState(server))}>{serverStateLabel(t, shownState(server))}</Tag> },
    {
      key: 'actions',
      title: '',
      render: (server: AdminServer) => (
        <Space wrap size={4}>
          <Button size="small" onClick={() => open(server)}>
            {t('admin.servers.open', 'Open')}
          </Button>
          {server.suspended ? (
            <Button size="small" onClick={() => void unsuspend({ server: server.identifier, body: null }).catch(() => undefined)}>
              {t('admin.servers.unsuspend', 'Unsuspend')}
            </Button>
          ) : (
            <Button size="small" onClick={() => setDialog({ kind: 'suspend', server })}>
              {t('admin.servers.suspend', 'Suspend')}
            </Button>
          )}
          <Button size="small" onClick={() => void reinstall({ server: server.identifier }).catch(() => undefined)}>
            {t('admin.servers.reinstall', 'Reinstall')}
          </Button>
          <Button size="small" onClick={() => setTransferring(server)}>
            {t('admin.transfer.start', 'Transfer')}
          </Button>
          <Button size="small" onClick={() => setDialog({ kind: 'plan', server })}>
            {t('admin.servers.changePlan', 'Change plan')}
          </Button>
          <Button size="small" danger onClick={() => setDialog({ kind: 'delete', server })}>
            {t('admin.action.delete', 'Delete')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <AdminPage
      title={t('admin.nav.servers', 'Servers')}
      actions={
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('admin.servers.create', 'Create server')}
        </Button>
      }
    >
      <Space wrap>
        {textFilters.map(([field, label]) => (
          <Input.Search key={field} allowClear defaultValue={filters[field]} placeholder={label} aria-label={label} onSearch={(value) => setFilter(field, value)} />
        ))}
        <Select
          allowClear
          style={{ minWidth: 160 }}
          value={filters.state}
          placeholder={t('admin.field.state', 'State')}
          aria-label={t('admin.field.state', 'State')}
          onChange={(value?: string) => setFilter('state', value)}
          options={STATES.map((state) => ({ value: state, label: serverStateLabel(t, state) }))}
        />
      </Space>
      <Table rowKey="uuid" loading={isFetching} dataSource={data?.data ?? []} columns={columns} scroll={{ x: true }} />
      <ServerActionDialogs dialog={dialog} onClose={() => setDialog(null)} />
      {transferring ? <TransferDialog server={transferring} onClose={() => setTransferring(null)} /> : null}
      <Drawer open={creating} onClose={() => setCreating(false)} title={t('admin.servers.create', 'Create server')} size="min(600px, 100vw)" destroyOnHidden>
        <CreateServerForm onCreated={() => setCreating(false)} />
      </Drawer>
    </AdminPage>
  );
}
