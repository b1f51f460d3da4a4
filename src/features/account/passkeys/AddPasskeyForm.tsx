import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { notificationAdded } from '../../../core/notifications/notificationsSlice';
import { useRegisterPasskeyMutation, useStartPasskeyRegistrationMutation } from '../../../api/account';
import { fieldErrorProps } from '../../../components/fieldErrorProps';
import { createPasskey, passkeyBrowserNotice } from '../../../components/passkeys/browserPasskeys';
import { useActivateForm, useScopedFieldErrors } from '../formScope';
import { useSuccessNotice } from '../useSuccessNotice';

interface Values {
  name: string;
}

/** Adds a passkey from this browser (or a security key), under a name the owner picks. */
export function AddPasskeyForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<Values>();
  const [start] = useStartPasskeyRegistrationMutation();
  const [register] = useRegisterPasskeyMutation();
  const [busy, setBusy] = useState(false);
  const activate = useActivateForm('passkeyAdd');
  const notice = useSuccessNotice();
  const nameLabel = t('passkeys.name', 'Name');
  const nameErrors = useScopedFieldErrors('passkeyAdd', 'name');

  const submit = async ({ name }: Values) => {
    activate();
    setBusy(true);
    try {
      const { data: ceremony } = await start().unwrap();
      let credential;
      try {
        credential = await createPasskey(ceremony.options);
      } catch (error) {
        dispatch(notificationAdded(passkeyBrowserNotice(t, error)));
        return;
      }
      await register({ body: { ceremony_id: ceremony.ceremony_id, name: name.trim(), credential } }).unwrap();
      form.resetFields();
      notice(t('passkeys.added', 'The passkey was added. You can now log in with it.'));
    } catch {
      // Shown by the listeners.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values> form={form} name="passkey-add" layout="vertical" onFinish={submit} style={{ marginBlockStart: 16 }}>
      <Form.Item
        name="name"
        label={nameLabel}
        extra={t('passkeys.nameHelp', 'So you can tell your passkeys apart, e.g. “Work laptop”.')}
        rules={[
          { required: true, whitespace: true, message: t('validation.required', 'This field is required') },
          { max: 64, message: t('passkeys.nameTooLong', 'At most 64 characters') },
        ]}
        {...fieldErrorProps(nameErrors, nameLabel)}
      >
        <Input maxLength={64} autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('passkeys.add', 'Add a passkey')}
      </Button>
    </Form>
  );
}
