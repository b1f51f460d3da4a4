import { PlusOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpApiError } from '../../api/apiError';
import { useListPermissionKeysQuery } from '../../api/servers';
import { useCreateServerRoleMutation, useDeleteServerRoleMutation, useListServerRolesQuery, useUpdateServerRoleMutation } from '../../api/sharing';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { AccessDenied } from './AccessDenied';
import type { RoleValues } from './RoleEditorDialog';
import { RoleTable } from './RoleTable';
import type { Role } from './sharingTypes';
import { useServerAccess } from './useServerAccess';
import { OnceOpened } from '../../components/OnceOpened';
import { PlainSkeleton } from '../../components/PlainSkeleton';

// The editor and the delete question load when first opened: with it come antd's Modal and Form, which the list does not need.
const RoleEditorDialog = lazy(() => import('./RoleEditorDialog').then((m) => ({ default: m.RoleEditorDialog })));
const DeleteRoleDialog = lazy(() => import('./DeleteRoleDialog').then((m) => ({ default: m.DeleteRoleDialog })));

/** The role editor's state: closed, or open on a new role (from scratch or a copy) or on a custom role. */
type Editing = { role: Role | null; initial: RoleValues } | null;

/**
 * /server/{id}/sharing-edit-roles: built-in roles (read-only, copyable) and the server's custom
 * roles, each a named set of permission keys; a role in use is deleted only with a role to move its people to.
 */
export function SharingRolesPage() {
  const { t } = useTranslation();
  const access = useServerAccess();
  const { id, can } = access;
  const roles = useListServerRolesQuery({ id }, { skip: !access.server || !can('role.read') });
  const groups = useListPermissionKeysQuery(undefined, { skip: !access.server });
  const [create, creating] = useCreateServerRoleMutation();
  const [update, updating] = useUpdateServerRoleMutation();
  const [remove, removing] = useDeleteServerRoleMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  const title = t('sharing.roles.title', 'Roles');
  if (!access.server) {
    return <ServerPageSection title={title}>{access.isLoading ? <PlainSkeleton /> : <ServerLoadFailure error={access.error} onRetry={access.refetch} />}</ServerPageSection>;
  }
  if (!can('role.read') || (isHttpApiError(roles.error) && roles.error.status === 403)) {
    return (
      <ServerPageSection title={title}>
        <AccessDenied error={roles.error} />
      </ServerPageSection>
    );
  }

  const copy = (role: Role) =>
    setEditing({ role: null, initial: { name: t('sharing.roles.copyName', '{{name}} (copy)', { name: role.name }), description: role.description, permissions: role.permissions.filter(can) } });
  const save = async (values: RoleValues): Promise<boolean> => {
    // Errors (422 field messages, 403 for a key the caller lacks) are shown by the app's listeners.
    const result = editing?.role?.uuid ? await update({ id, role: editing.role.uuid, body: values }) : await create({ id, body: values });
    return !('error' in result);
  };
  const confirmDelete = async (role: Role, reassignTo: string | undefined): Promise<boolean> => {
    const result = await remove({ id, role: role.uuid!, reassignTo });
    return !('error' in result);
  };

  return (
    <ServerPageSection
      title={title}
      actions={
        can('role.create') ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ role: null, initial: { name: '', description: '', permissions: [] } })}>
            {t('sharing.roles.create', 'New role')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph style={{ margin: 0, opacity: 0.85 }}>
        {t(
          'sharing.roles.intro',
          'A role is a named set of permissions you can give to the people you share this server with. Built-in roles cannot be changed, but you can copy one and adjust the copy.',
        )}
      </Typography.Paragraph>
      <RoleTable
        roles={roles.data?.data ?? []}
        groups={groups.data?.data ?? []}
        loading={roles.isFetching}
        onCopy={can('role.create') ? copy : undefined}
        onEdit={can('role.update') ? (role) => setEditing({ role, initial: { name: role.name, description: role.description, permissions: role.permissions } }) : undefined}
        onDelete={can('role.delete') ? setDeleting : undefined}
      />
      {editing ? (
        <Suspense fallback={null}>
          <RoleEditorDialog
            title={editing.role ? t('sharing.roles.editTitle', 'Edit role {{name}}', { name: editing.role.name }) : t('sharing.roles.createTitle', 'New role')}
            initial={editing.initial}
            groups={groups.data?.data ?? []}
            grantable={access.permissions}
            saving={creating.isLoading || updating.isLoading}
            onSubmit={save}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
      <OnceOpened open={deleting !== null}>
        <DeleteRoleDialog role={deleting} roles={roles.data?.data ?? []} deleting={removing.isLoading} onConfirm={confirmDelete} onClose={() => setDeleting(null)} />
      </OnceOpened>
    </ServerPageSection>
  );
}
