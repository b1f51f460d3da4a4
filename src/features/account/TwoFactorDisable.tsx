import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDisableTwoFactorMutation } from '../../api/account';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { useActivateForm, useScopedFieldErrors } from './formScope';
import { useSuccessNotice } from './useSuccessNotice';

interface Values {
  password: string;
}

/** Two-factor is on: turning it off needs the password. */
export function TwoFactorDisable() {
  const { t } = useTranslation();
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const activate = useActivateForm('twoFactorDisable');
  const notice = useSuccessNotice();
  const passwordErrors = useScopedFieldErrors('twoFactorDisable', 'password');
  const passwordLabel = t('account.twoFactor.password', 'Current password');

  const submit = async ({ password }: Values) => {
    activate();
    try {
      await disable({ body: { password } }).unwrap();
      notice(t('account.twoFactor.disabled', 'Two-factor authentication is now off.'));
    } catch {
      // Shown by the listeners.
    }
  };

  return (
    <>
      <p>{t('account.twoFactor.on', 'Two-factor authentication is on: every login asks for a code from your authenticator app.')}</p>
      <Form<Values> name="two-factor-disable" layout="vertical" onFinish={submit}>
        <Form.Item name="password" label={passwordLabel} rules={[{ required: true, message: t('validation.required', 'This field is required') }]} {...fieldErrorProps(passwordErrors, passwordLabel)}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button danger htmlType="submit" loading={isLoading}>
          {t('account.twoFactor.disable', 'Turn off two-factor authentication')}
        </Button>
      </Form>
    </>
  );
}
