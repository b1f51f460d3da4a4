import { Button, Drawer, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAdminDatabaseHostMutation, useListAdminDatabaseHostsQuery, type ListAdminDatabaseHostsApiResponse } from '../../../api/generated/admin.gen';
import { AdminPage } from '../AdminPage';
import { ConfirmRemoveButton } from '../ConfirmRemoveButton';
import { DatabaseHostForm } from './DatabaseHostForm';

type DatabaseHost = ListAdminDatabaseHostsApiResponse['data'][number];

/** Database hosts: each with its address, node and customers' databases; add one (connection checked), delete one no database is on. */
export function AdminDatabaseHostsPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useListAdminDatabaseHostsQuery();
  const [deleteHost] = useDeleteAdminDatabaseHostMutation();
  const [adding, setAdding] = useState(false);
  const columns = [
    { key: 'name', title: t('admin.field.name', 'Name'), dataIndex: 'name' },
    { key: 'address', title: t('admin.databaseHosts.address', 'Address'), render: (host: DatabaseHost) => `${host.host}:${host.port}` },
    { key: 'username', title: t('admin.databaseHosts.username', 'Admin account'), dataIndex: 'username' },
    { key: 'node', title: t('admin.servers.node', 'Node'), dataIndex: 'node' },
    { key: 'databases', title: t('admin.plans.databases', 'Databases'), dataIndex: 'databases' },
    {
      key: 'actions',
      title: '',
      render: (host: DatabaseHost) => (
        <ConfirmRemoveButton
          label={t('admin.action.delete', 'Delete')}
          ariaLabel={`${t('admin.action.delete', 'Delete')}: ${host.name}`}
          question={t('admin.databaseHosts.deleteConfirm', 'Remove this host from the panel? Nothing is dropped on the host itself.')}
          blockedBy={host.databases > 0 ? t('admin.databaseHosts.deleteBusy', 'Customers’ databases are on this host: they go first.') : null}
          onConfirm={() => void deleteHost({ host: host.name }).catch(() => undefined)}
        />
      ),
    },
  ];
  return (
    <AdminPage
      title={t('admin.nav.databaseHosts', 'Database hosts')}
      actions={
        <Button type="primary" onClick={() => setAdding(true)}>
          {t('admin.databaseHosts.addTitle', 'Add database host')}
        </Button>
      }
    >
      <Table rowKey="uuid" loading={isLoading} dataSource={data?.data ?? []} columns={columns} pagination={false} scroll={{ x: true }} />
      <Drawer open={adding} onClose={() => setAdding(false)} title={t('admin.databaseHosts.addTitle', 'Add database host')} size="min(600px, 100vw)" destroyOnHidden>
        <DatabaseHostForm onAdded={() => setAdding(false)} />
      </Drawer>
    </AdminPage>
  );
}
