import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/Ltr';
import { useEnableTwoFactorMutation, useLazyGetTwoFactorEnrolmentQuery } from '../../api/account';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { useActivateForm, useScopedFieldErrors } from './formScope';

interface Values {
  code: string;
  password: string;
}

/** Props of {@link TwoFactorEnrolment}. */
export interface TwoFactorEnrolmentProps {
  /** Two-factor is now on; these recovery codes are to be shown once. */
  onEnabled: (recoveryCodes: string[]) => void;
}

/**
 * Turning two-factor on: a new secret as a QR code (and as text, for typing in), then a code from
 * the app and the password to confirm.
 */
export function TwoFactorEnrolment({ onEnabled }: TwoFactorEnrolmentProps) {
  const { t } = useTranslation();
  const [loadEnrolment, enrolment] = useLazyGetTwoFactorEnrolmentQuery();
  const [enable, { isLoading }] = useEnableTwoFactorMutation();
  const activate = useActivateForm('twoFactorEnable');
  const codeErrors = useScopedFieldErrors('twoFactorEnable', 'code');
  const passwordErrors = useScopedFieldErrors('twoFactorEnable', 'password');
  const codeLabel = t('account.twoFactor.code', 'Code from the app');
  const passwordLabel = t('account.twoFactor.password', 'Current password');
  const required = { required: true, message: t('validation.required', 'This field is required') };

  const submit = async ({ code, password }: Values) => {
    activate();
    try {
      const { data } = await enable({ body: { code: code.trim(), password } }).unwrap();
      onEnabled(data.recovery_codes);
    } catch {
      // Shown by the listeners.
    }
  };

  const details = enrolment.data?.data;
  if (!details) {
    return (
      <>
        <p>{t('account.twoFactor.off', 'Two-factor authentication is off. Turn it on to ask for a code from an authenticator app at every login.')}</p>
        <Button type="primary" onClick={() => loadEnrolment(undefined, false)} loading={enrolment.isFetching}>
          {t('account.twoFactor.setUp', 'Set up two-factor authentication')}
        </Button>
      </>
    );
  }

  return (
    <>
      <p>{t('account.twoFactor.scan', 'Scan this QR code with your authenticator app, or type the key in by hand.')}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(details.qr_svg)}`}
        alt={t('account.twoFactor.qrAlt', 'QR code for your authenticator app')}
        width={192}
        height={192}
        style={{ background: '#fff', padding: 8, borderRadius: 8 }}
      />
      <p>
        {t('account.twoFactor.key', 'Key')}:{' '}
        <Typography.Text code copyable={{ text: details.secret }}>
          <Ltr>{details.secret}</Ltr>
        </Typography.Text>
      </p>
      <Form<Values> name="two-factor-enable" layout="vertical" onFinish={submit}>
        <Form.Item name="code" label={codeLabel} rules={[required]} {...fieldErrorProps(codeErrors, codeLabel)}>
          <Input autoComplete="one-time-code" inputMode="numeric" spellCheck={false} />
        </Form.Item>
        <Form.Item name="password" label={passwordLabel} rules={[required]} {...fieldErrorProps(passwordErrors, passwordLabel)}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t('account.twoFactor.enable', 'Turn on two-factor authentication')}
        </Button>
      </Form>
    </>
  );
}
