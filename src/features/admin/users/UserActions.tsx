import { Button, Modal, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useCreateAdminUserLoginTokenMutation,
  useDeleteAdminUserMutation,
  useResetAdminUserTwoFactorMutation,
  useSendAdminUserPasswordResetMutation,
  useSuspendAdminUserMutation,
  useUnsuspendAdminUserMutation,
} from '../../../api/generated/admin.gen';
import type { AdminUserRow } from './adminUserTypes';

const quietly = (action: Promise<unknown>) => void action.catch(() => undefined);

/** A user's actions: edit, suspend or unsuspend, reset two-factor, mail a password reset, a login link, delete (said first what happens). */
export function UserActions({ user, onEdit }: { user: AdminUserRow; onEdit: () => void }) {
  const { t } = useTranslation();
  const [suspend] = useSuspendAdminUserMutation();
  const [unsuspend] = useUnsuspendAdminUserMutation();
  const [resetTwoFactor] = useResetAdminUserTwoFactorMutation();
  const [sendReset] = useSendAdminUserPasswordResetMutation();
  const [loginLink] = useCreateAdminUserLoginTokenMutation();
  const [remove] = useDeleteAdminUserMutation();
  const showLoginLink = async () => {
    const { data } = await loginLink({ user: user.uuid, body: null }).unwrap();
    Modal.info({ title: t('admin.users.loginLink', 'Login link'), content: <Typography.Paragraph copyable>{data.url}</Typography.Paragraph> });
  };
  const showSent = async () => {
    await sendReset({ user: user.uuid }).unwrap();
    Modal.success({ title: t('admin.users.resetSent', 'A password-reset link was mailed to the user.') });
  };
  return (
    <Space wrap size={4}>
      <Button size="small" onClick={onEdit}>
        {t('admin.action.edit', 'Edit')}
      </Button>
      {user.suspended ? (
        <Button size="small" onClick={() => quietly(unsuspend({ user: user.uuid }).unwrap())}>
          {t('admin.servers.unsuspend', 'Unsuspend')}
        </Button>
      ) : (
        <Button size="small" onClick={() => quietly(suspend({ user: user.uuid }).unwrap())}>
          {t('admin.servers.suspend', 'Suspend')}
        </Button>
      )}
      {user.use_totp && (
        <Popconfirm title={t('admin.users.resetTwoFactorConfirm', 'Turn this user’s two-factor off?')} onConfirm={() => quietly(resetTwoFactor({ user: user.uuid }).unwrap())}>
          <Button size="small">{t('admin.users.resetTwoFactor', 'Reset two-factor')}</Button>
        </Popconfirm>
      )}
      <Button size="small" disabled={user.suspended} onClick={() => quietly(showSent())}>
        {t('admin.users.sendReset', 'Send password reset')}
      </Button>
      <Button size="small" disabled={user.suspended} onClick={() => quietly(showLoginLink())}>
        {t('admin.users.loginLink', 'Login link')}
      </Button>
      <Popconfirm
        title={
          user.servers > 0
            ? t('admin.users.deleteBusy', 'This user owns {{count}} server(s): delete them first.', { count: user.servers })
            : t('admin.users.deleteConfirm', 'Delete this account for good? Its sessions end and it cannot be restored.')
        }
        okButtonProps={{ danger: true, disabled: user.servers > 0 }}
        onConfirm={() => quietly(remove({ user: user.uuid }).unwrap())}
      >
        <Button size="small" danger>
          {t('admin.action.delete', 'Delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
