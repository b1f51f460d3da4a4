import { UserAddOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpApiError } from '../../api/apiError';
import { useListPermissionKeysQuery } from '../../api/servers';
import { useCreateServerSubuserMutation, useDeleteServerSubuserMutation, useListServerRolesQuery, useListServerSubusersQuery, useUpdateServerSubuserMutation } from '../../api/sharing';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { AccessDenied } from './AccessDenied';
import type { AccessBody } from './accessValues';
import type { Subuser } from './sharingTypes';
import { SubuserTable } from './SubuserTable';
import { useServerAccess } from './useServerAccess';
import { PlainSkeleton } from '../../components/PlainSkeleton';

// The dialog loads when first opened: with it come antd's Modal and Form, which the list does not need.
const ShareDialog = lazy(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog })));

/**
 * /server/{id}/sharing: the people this server is shared with, their status, role and last
 * action; inviting, changing access and removing, each offered only to callers allowed to.
 */
export function SharingPage() {
  const { t } = useTranslation();
  const access = useServerAccess();
  const { id, can } = access;
  const mayRead = can('user.read');
  const list = useListServerSubusersQuery({ id }, { skip: !access.server || !mayRead });
  const roles = useListServerRolesQuery({ id }, { skip: !access.server || !can('role.read') });
  const groups = useListPermissionKeysQuery(undefined, { skip: !access.server });
  const [create, creating] = useCreateServerSubuserMutation();
  const [update, updating] = useUpdateServerSubuserMutation();
  const [remove] = useDeleteServerSubuserMutation();
  // undefined: closed; null: inviting someone new; a person: editing their access.
  const [dialog, setDialog] = useState<Subuser | null | undefined>(undefined);

  const title = t('sharing.title', 'Sharing');
  if (!access.server) {
    return <ServerPageSection title={title}>{access.isLoading ? <PlainSkeleton /> : <ServerLoadFailure error={access.error} onRetry={access.refetch} />}</ServerPageSection>;
  }
  if (!mayRead || (isHttpApiError(list.error) && list.error.status === 403)) {
    return (
      <ServerPageSection title={title}>
        <AccessDenied error={list.error} />
      </ServerPageSection>
    );
  }

  const submit = async (email: string, body: AccessBody): Promise<boolean> => {
    // Errors (422 field messages, 403 for a key the caller lacks) are shown by the app's listeners.
    const result = dialog ? await update({ id, subuser: dialog.uuid, body }) : await create({ id, body: { email, ...body } });
    return !('error' in result);
  };

  return (
    <ServerPageSection
      title={title}
      actions={
        can('user.create') ? (
          <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setDialog(null)}>
            {t('sharing.invite.action', 'Invite someone')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph style={{ margin: 0, opacity: 0.85 }}>
        {t('sharing.intro', 'People you share this server with see it on their dashboard and may do what their role or chosen permissions allow. Changes apply at once.')}
      </Typography.Paragraph>
      <SubuserTable
        subusers={list.data?.data ?? []}
        roles={roles.data?.data ?? []}
        loading={list.isFetching}
        onEdit={can('user.update') ? setDialog : undefined}
        onRemove={can('user.delete') ? async (subuser) => void (await remove({ id, subuser: subuser.uuid })) : undefined}
      />
      {dialog !== undefined ? (
        <Suspense fallback={null}>
          <ShareDialog
            subuser={dialog}
            roles={roles.data?.data ?? []}
            groups={groups.data?.data ?? []}
            grantable={access.permissions}
            saving={creating.isLoading || updating.isLoading}
            onSubmit={submit}
            onClose={() => setDialog(undefined)}
          />
        </Suspense>
      ) : null}
    </ServerPageSection>
  );
}
