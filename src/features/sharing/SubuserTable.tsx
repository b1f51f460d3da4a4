import { Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useDateTime } from '../../core/session/useDateTime';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/Ltr';
import { ResponsiveTable, type TableColumn } from '../../components/ResponsiveTable';
import { matchingBuiltInRole } from './accessValues';
import type { Role, Subuser } from './sharingTypes';

/** Props of {@link SubuserTable}. */
export interface SubuserTableProps {
  subusers: readonly Subuser[];
  /** The server's roles, to name the built-in role matching a person's keys. */
  roles: readonly Role[];
  loading: boolean;
  /** Offered only to callers allowed to change access (`user.update`). */
  onEdit?: (subuser: Subuser) => void;
  /** Offered only to callers allowed to remove people (`user.delete`). */
  onRemove?: (subuser: Subuser) => Promise<void>;
}

/** The people a server is shared with: who, status, role and when they last acted, with their actions. */
export function SubuserTable({ subusers, roles, loading, onEdit, onRemove }: SubuserTableProps) {
  const { t } = useTranslation();
  const when = useDateTime();
  const personName = (subuser: Subuser) => subuser.username ?? subuser.email;
  const columns: TableColumn<Subuser>[] = [
    {
      key: 'person',
      title: t('sharing.list.person', 'Person'),
      render: (_, subuser) => (
        <Flex vertical>
          <Typography.Text strong>
            <Ltr>{personName(subuser)}</Ltr>
          </Typography.Text>
          {subuser.username ? (
            <Typography.Text type="secondary">
              <Ltr>{subuser.email}</Ltr>
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('sharing.list.status', 'Status'),
      render: (_, subuser) =>
        subuser.status === 'pending' ? <Tag color="gold">{t('sharing.status.pending', 'Invitation pending')}</Tag> : <Tag color="green">{t('sharing.status.active', 'Active')}</Tag>,
    },
    {
      key: 'role',
      title: t('sharing.list.role', 'Role'),
      render: (_, subuser) =>
        subuser.role?.name ?? matchingBuiltInRole(subuser.permissions, roles)?.name ?? t('sharing.list.customPermissions', 'Chosen permissions ({{count}})', { count: subuser.permissions.length }),
    },
    {
      key: 'lastActive',
      title: t('sharing.list.lastActive', 'Last acted'),
      render: (_, subuser) => (subuser.last_active_at ? <time dateTime={subuser.last_active_at}>{when(subuser.last_active_at)}</time> : t('sharing.list.never', 'Never')),
    },
  ];
  if (onEdit || onRemove) {
    columns.push({
      key: 'actions',
      title: t('sharing.list.actions', 'Actions'),
      render: (_, subuser) => (
        <Flex gap={8} wrap>
          {onEdit ? (
            <Button size="small" onClick={() => onEdit(subuser)} aria-label={t('sharing.list.editAccessOf', 'Edit access of {{person}}', { person: personName(subuser) })}>
              {t('sharing.list.edit', 'Edit')}
            </Button>
          ) : null}
          {onRemove ? (
            <Popconfirm
              title={t('sharing.remove.title', 'Remove {{person}}?', { person: personName(subuser) })}
              description={t('sharing.remove.text', 'They lose access to this server at once.')}
              okText={t('sharing.remove.confirm', 'Remove')}
              okButtonProps={{ danger: true }}
              cancelText={t('sharing.cancel', 'Cancel')}
              onConfirm={() => onRemove(subuser)}
            >
              <Button size="small" danger aria-label={t('sharing.list.removePerson', 'Remove {{person}}', { person: personName(subuser) })}>
                {t('sharing.list.remove', 'Remove')}
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ),
    });
  }
  return (
    <ResponsiveTable<Subuser>
      rowLabel={personName}
      aria-label={t('sharing.list.tableLabel', 'People with access')}
      rowKey="uuid"
      columns={columns}
      dataSource={[...subusers]}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('sharing.list.empty', 'This server is not shared with anyone yet.') }}
    />
  );
}
