import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDeleteAccountMutation, useGetAccountDeletionPreviewQuery } from '../../api/account';
import { useAppDispatch } from '../../app/hooks';
import { notificationAdded } from '../../core/notifications/notificationsSlice';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { useActivateForm, useScopedFieldErrors } from './formScope';
import { DeletionConsequences } from './DeletionConsequences';

interface Values {
  password: string;
  code?: string;
}

/**
 * Deleting the account (the right to erasure). The consequences come first, with the servers by
 * name; the form opens only on request and needs the password, and a two-factor code when two-
 * factor is on. Afterwards the visitor is logged out here and sent to the login page.
 */
export function DeleteAccountSection() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { data, isLoading: loadingPreview, isError } = useGetAccountDeletionPreviewQuery(undefined, { skip: !open, refetchOnMountOrArgChange: true });
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const activate = useActivateForm('deleteAccount');
  const passwordErrors = useScopedFieldErrors('deleteAccount', 'password');
  const codeErrors = useScopedFieldErrors('deleteAccount', 'code');
  const passwordLabel = t('account.delete.password', 'Current password');
  const codeLabel = t('account.delete.code', 'Two-factor code');
  const required = { required: true, message: t('validation.required', 'This field is required') };

  const submit = async ({ password, code }: Values) => {
    activate();
    try {
      await deleteAccount({ body: { password, ...(code?.trim() ? { code: code.trim() } : {}) } }).unwrap();
    } catch {
      // Shown by the listeners: under the fields, and as a notification.
      return;
    }
    dispatch(notificationAdded({ type: 'success', title: t('account.delete.doneTitle', 'Account deleted'), text: t('account.delete.done', 'Your account and your servers have been deleted.') }));
    // The logout page forgets the session here and goes to the login page (with no way back to
    // this page: the account is gone); its call to the server meets a session that already ended.
    navigate('/logout', { replace: true });
  };

  if (!open) {
    return (
      <Button danger onClick={() => setOpen(true)}>
        {t('account.delete.start', 'Delete my account…')}
      </Button>
    );
  }
  if (loadingPreview) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (isError || !data) return <Alert type="error" showIcon title={t('account.delete.previewFailed', 'What your account holds could not be loaded. Try again later.')} />;

  const preview = data.data;
  return (
    <>
      <DeletionConsequences owned={preview.owned_servers} shared={preview.shared_servers} />
      <Form<Values> name="delete-account" layout="vertical" onFinish={submit}>
        <Form.Item name="password" label={passwordLabel} rules={[required]} {...fieldErrorProps(passwordErrors, passwordLabel)}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {preview.two_factor && (
          <Form.Item name="code" label={codeLabel} rules={[required]} {...fieldErrorProps(codeErrors, codeLabel)}>
            <Input autoComplete="one-time-code" spellCheck={false} />
          </Form.Item>
        )}
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button danger type="primary" htmlType="submit" loading={isLoading}>
            {t('account.delete.confirm', 'Delete my account for good')}
          </Button>
          <Button onClick={() => setOpen(false)}>{t('account.delete.cancel', 'Keep my account')}</Button>
        </div>
      </Form>
    </>
  );
}
