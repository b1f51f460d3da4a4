import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemovePasskeyMutation, useRenamePasskeyMutation, type Passkey } from '../../../api/account';
import { fieldErrorProps } from '../../../components/fieldErrorProps';
import { useActivateForm, useScopedFieldErrors } from '../formScope';
import { useSuccessNotice } from '../useSuccessNotice';

/** Rename and remove of one passkey; removing asks for the password first. */
export function PasskeyActions({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'rename' | 'remove' | null>(null);
  const [rename, renaming] = useRenamePasskeyMutation();
  const [remove, removing] = useRemovePasskeyMutation();
  const activateRename = useActivateForm('passkeyRename');
  const activateRemove = useActivateForm('passkeyRemove');
  const notice = useSuccessNotice();
  const nameLabel = t('passkeys.name', 'Name');
  const passwordLabel = t('passkeys.password', 'Current password');
  const nameErrors = useScopedFieldErrors('passkeyRename', 'name');
  const passwordErrors = useScopedFieldErrors('passkeyRemove', 'password');
  const required = { required: true, whitespace: true, message: t('validation.required', 'This field is required') };

  const submitRename = async ({ name }: { name: string }) => {
    activateRename();
    try {
      await rename({ passkey: passkey.uuid, body: { name: name.trim() } }).unwrap();
      setOpen(null);
      notice(t('passkeys.renamed', 'The passkey was renamed.'));
    } catch {
      // Shown by the listeners.
    }
  };
  const submitRemove = async ({ password }: { password: string }) => {
    activateRemove();
    try {
      await remove({ passkey: passkey.uuid, body: { password } }).unwrap();
      setOpen(null);
      notice(t('passkeys.removed', 'The passkey was removed.'));
    } catch {
      // Shown by the listeners.
    }
  };

  return (
    <Space wrap>
      <Button onClick={() => setOpen('rename')} aria-label={t('passkeys.renameLabel', 'Rename the passkey {{name}}', { name: passkey.name })}>
        {t('passkeys.rename', 'Rename')}
      </Button>
      <Button danger onClick={() => setOpen('remove')} aria-label={t('passkeys.removeLabel', 'Remove the passkey {{name}}', { name: passkey.name })}>
        {t('passkeys.remove', 'Remove')}
      </Button>
      <Modal open={open === 'rename'} title={t('passkeys.renameTitle', 'Rename passkey')} onCancel={() => setOpen(null)} footer={null} destroyOnHidden>
        <Form name="passkey-rename" layout="vertical" initialValues={{ name: passkey.name }} onFinish={submitRename}>
          <Form.Item name="name" label={nameLabel} rules={[required, { max: 64, message: t('passkeys.nameTooLong', 'At most 64 characters') }]} {...fieldErrorProps(nameErrors, nameLabel)}>
            <Input maxLength={64} autoComplete="off" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={renaming.isLoading}>
            {t('passkeys.save', 'Save')}
          </Button>
        </Form>
      </Modal>
      <Modal open={open === 'remove'} title={t('passkeys.removeTitle', 'Remove the passkey “{{name}}”?', { name: passkey.name })} onCancel={() => setOpen(null)} footer={null} destroyOnHidden>
        <p>{t('passkeys.removeText', 'It will no longer log you in. Confirm with your password.')}</p>
        <Form name="passkey-remove" layout="vertical" onFinish={submitRemove}>
          <Form.Item name="password" label={passwordLabel} rules={[required]} {...fieldErrorProps(passwordErrors, passwordLabel)}>
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          <Button danger type="primary" htmlType="submit" loading={removing.isLoading}>
            {t('passkeys.removeConfirm', 'Remove passkey')}
          </Button>
        </Form>
      </Modal>
    </Space>
  );
}
