import { Button, Drawer, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDeleteAdminNodeMutation, useListAdminNodesQuery, useUpdateAdminNodeMutation } from '../../../api/generated/admin.gen';
import { AdminPage } from '../AdminPage';
import { ConfirmRemoveButton } from '../ConfirmRemoveButton';
import { NodeStateTag, NodeUse, type AdminNode } from '../NodeUse';
import { AddNodeForm } from './AddNodeForm';
import { EditNodeForm } from './EditNodeForm';
import { NodeServers } from './NodeServers';

/** Nodes: each with its state and use, maintenance on/off, edit, its servers (the row expands to them), delete (refused while servers are on it); add a node. */
export function AdminNodesPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useListAdminNodesQuery();
  const [updateNode] = useUpdateAdminNodeMutation();
  const [deleteNode] = useDeleteAdminNodeMutation();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminNode | null>(null);
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
      render: (node: AdminNode) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(node)} aria-label={`${t('admin.action.edit', 'Edit')}: ${node.name}`}>
            {t('admin.action.edit', 'Edit')}
          </Button>
          {node.name === 'local' ? null : (
            <ConfirmRemoveButton
              label={t('admin.action.delete', 'Delete')}
              question={t('admin.nodes.deleteConfirm', 'Remove this node from the panel?')}
              blockedBy={node.servers > 0 ? t('admin.nodes.deleteBusy', 'Move or delete its servers first.') : null}
              onConfirm={() => void deleteNode({ node: node.name }).catch(() => undefined)}
            />
          )}
        </Space>
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
      <Table
        rowKey="uuid"
        loading={isLoading}
        dataSource={data?.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: true }}
        expandable={{ expandedRowRender: (node: AdminNode) => <NodeServers node={node.name} />, rowExpandable: (node: AdminNode) => node.servers > 0 }}
      />
      <Drawer open={adding} onClose={() => setAdding(false)} title={t('admin.nodes.add', 'Add node')} size="min(720px, 100vw)" destroyOnHidden>
        <AddNodeForm onAdded={() => setAdding(false)} />
      </Drawer>
      <Drawer open={editing !== null} onClose={() => setEditing(null)} title={t('admin.nodes.edit', 'Edit {{name}}', { name: editing?.name })} size="min(600px, 100vw)" destroyOnHidden>
        {editing ? <EditNodeForm node={editing} onSaved={() => setEditing(null)} /> : null}
      </Drawer>
    </AdminPage>
  );
}
