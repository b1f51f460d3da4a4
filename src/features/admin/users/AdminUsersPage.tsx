import { Button, Drawer, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListAdminUsersQuery } from '../../../api/generated/admin.gen';
import { AdminPage } from '../AdminPage';
import { UserActions } from './UserActions';
import { UserForm } from './UserForm';
import type { AdminUserRow } from './adminUserTypes';

const PER_PAGE = 25;

/** Users: search, create, edit, suspend, reset two-factor, password reset, login link, delete. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useListAdminUsersQuery({ search: search || undefined, page, perPage: PER_PAGE });
  const [editing, setEditing] = useState<AdminUserRow | 'new' | null>(null);
  const columns = [
    { key: 'username', title: t('admin.users.username', 'Username'), dataIndex: 'username' },
    { key: 'email', title: t('admin.users.email', 'Email'), dataIndex: 'email' },
    { key: 'servers', title: t('admin.nav.servers', 'Servers'), dataIndex: 'servers' },
    {
      key: 'flags',
      title: '',
      render: (user: AdminUserRow) => (
        <>
          {user.root_admin && <Tag color="blue">{t('admin.users.admin', 'Admin')}</Tag>}
          {user.use_totp && <Tag>{t('admin.users.twoFactor', 'Two-factor')}</Tag>}
          {user.suspended && <Tag color="red">{t('admin.state.suspended', 'Suspended')}</Tag>}
        </>
      ),
    },
    { key: 'actions', title: '', render: (user: AdminUserRow) => <UserActions user={user} onEdit={() => setEditing(user)} /> },
  ];
  return (
    <AdminPage
      title={t('admin.nav.users', 'Users')}
      actions={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('admin.users.create', 'Create user')}
        </Button>
      }
    >
      <Input.Search
        allowClear
        style={{ maxWidth: 360 }}
        placeholder={t('admin.action.search', 'Search')}
        aria-label={t('admin.action.search', 'Search')}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      <Table
        rowKey="uuid"
        loading={isFetching}
        dataSource={data?.data ?? []}
        columns={columns}
        scroll={{ x: true }}
        pagination={{ current: page, pageSize: PER_PAGE, total: data?.meta.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('admin.users.create', 'Create user') : t('admin.action.edit', 'Edit')}
        size="min(600px, 100vw)"
        destroyOnHidden
      >
        {editing && <UserForm user={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </Drawer>
    </AdminPage>
  );
}
