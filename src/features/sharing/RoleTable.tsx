import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable, type TableColumn } from '../../components/ResponsiveTable';
import { PermissionPicker } from './PermissionPicker';
import { roleChoiceValue } from './accessValues';
import type { PermissionGroup, Role } from './sharingTypes';

/** Props of {@link RoleTable}. */
export interface RoleTableProps {
  roles: readonly Role[];
  groups: readonly PermissionGroup[];
  loading: boolean;
  /** Copies a role into a new custom one (`role.create`). */
  onCopy?: (role: Role) => void;
  /** Edits a custom role (`role.update`). */
  onEdit?: (role: Role) => void;
  /** Deletes a custom role (`role.delete`). */
  onDelete?: (role: Role) => void;
}

/**
 * The server's roles: built-in ones read-only (they can be copied), custom ones editable. Each
 * row opens to show the role's permissions grouped by area.
 */
export function RoleTable({ roles, groups, loading, onCopy, onEdit, onDelete }: RoleTableProps) {
  const { t } = useTranslation();
  const columns: TableColumn<Role>[] = [
    {
      key: 'name',
      title: t('sharing.roles.columns.name', 'Role'),
      render: (_, role) => (
        <Flex vertical>
          <Flex gap={8} align="center">
            <Typography.Text strong>{role.name}</Typography.Text>
            {role.built_in ? <Tag>{t('sharing.roles.builtIn', 'Built-in')}</Tag> : null}
          </Flex>
          {role.description ? <Typography.Text type="secondary">{role.description}</Typography.Text> : null}
        </Flex>
      ),
    },
    { key: 'permissions', title: t('sharing.roles.columns.permissions', 'Permissions'), render: (_, role) => role.permissions.length },
    { key: 'members', title: t('sharing.roles.columns.members', 'People'), render: (_, role) => role.members },
    {
      key: 'actions',
      title: t('sharing.roles.columns.actions', 'Actions'),
      render: (_, role) => (
        <Flex gap={8} wrap>
          {onCopy ? (
            <Button size="small" onClick={() => onCopy(role)} aria-label={t('sharing.roles.copyRole', 'Copy {{name}}', { name: role.name })}>
              {t('sharing.roles.copy', 'Copy')}
            </Button>
          ) : null}
          {onEdit && !role.built_in ? (
            <Button size="small" onClick={() => onEdit(role)} aria-label={t('sharing.roles.editRole', 'Edit {{name}}', { name: role.name })}>
              {t('sharing.roles.edit', 'Edit')}
            </Button>
          ) : null}
          {onDelete && !role.built_in ? (
            <Button size="small" danger onClick={() => onDelete(role)} aria-label={t('sharing.roles.deleteRole', 'Delete {{name}}', { name: role.name })}>
              {t('sharing.roles.delete.action', 'Delete')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <ResponsiveTable<Role>
      rowLabel={(role) => role.name}
      aria-label={t('sharing.roles.tableLabel', 'Roles')}
      rowKey={roleChoiceValue}
      columns={columns}
      dataSource={[...roles]}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      expandable={{
        expandedRowRender: (role) => (
          // Only the areas the role touches: a read-only view of forty empty boxes says nothing.
          <PermissionPicker groups={groups.filter((group) => group.keys.some((entry) => role.permissions.includes(entry.key)))} value={role.permissions} readOnly />
        ),
      }}
      locale={{ emptyText: t('sharing.roles.empty', 'There are no roles yet.') }}
    />
  );
}
