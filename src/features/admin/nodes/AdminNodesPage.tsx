import { Button, Drawer, Popconfirm, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDeleteAdminNodeMutation, useListAdminNodesQuery, useUpdateAdminNodeMutation } from '../../../api/generated/admin.gen';
import { AdminPage } from '../AdminPage';
import { NodeStateTag, NodeUse, type AdminNode } from '../NodeUse';
import { AddNodeForm } from './AddNodeForm';

/** Nodes: each with its state and use, maintenance on/off, its servers, delete (refused while servers are on it); add a node. */
export function AdminNodesPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useListAdminNodesQuery();
  const [updateNode] = useUpdateAdminNodeMutation();
  const [deleteNode] = useDeleteAdminNodeMutation();
  const [adding, setAdding] = useState(false);
  const columns = [
    { key: 'name', title: t('admin.field.name', 'Name'), render: (node: AdminNode) => `${node.name}${node.location ? ` (${node.location})` : ''}` },
    { key: 'state', title: t('admin.field.state', 'State'), render: (node: AdminNode) => <NodeStateTag state={node.state} /> },
    { key: 'use', title: t('admin.nodes.use', 'Use'), render: (node: AdminNode) => <NodeUse node={node} /> },
    {
      key: 'servers',
      title: t('admin.nav.servers', 'Servers'),
      render: (node: AdminNode) => <Link to={`/admin/servers?node=${encodeURIComponent(node.name)}`}>{node.servers}</Link>,
    },
    {
      key: 'maintenance',
      title: t('admin.nodes.maintenance', 'Maintenance'),
      render: (node: AdminNode) => (
        <Switch
          checked={node.maintenance}
          aria-label={`${t('admin.nodes.maintenance', 'Maintenance')}: ${node.name}`}
          onChange={(maintenance) => void updateNode({ node: node.name, body: { maintenance } }).catch(() => undefined)}
        />
      ),
    },
    {
      key: 'actions',
      title: '',
      render: (node: AdminNode) =>
        node.name === 'local' ? null : (
          <Popconfirm
            title={node.servers > 0 ? t('admin.nodes.deleteBusy', 'Move or delete its servers first.') : t('admin.nodes.deleteConfirm', 'Remove this node from the panel?')}
            okButtonProps={{ disabled: node.servers > 0, danger: true }}
            onConfirm={() => void deleteNode({ node: node.name }).catch(() => undefined)}
          >
            <Button danger size="small">
              {t('admin.action.delete', 'Delete')}
            </Button>
          </Popconfirm>
        ),
    },
  ];
  return (
    <AdminPage
      title={t('admin.nav.nodes', 'Nodes')}
      actions={
        <Space>
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('admin.nodes.add', 'Add node')}
          </Button>
        </Space>
      }
    >
      <Table rowKey="uuid" loading={isLoading} dataSource={data?.data ?? []} columns={columns} pagination={false} scroll={{ x: true }} />
      <Drawer open={adding} onClose={() => setAdding(false)} title={t('admin.nodes.add', 'Add node')} size="min(720px, 100vw)" destroyOnHidden>
        <AddNodeForm onAdded={() => setAdding(false)} />
      </Drawer>
    </AdminPage>
  );
}
