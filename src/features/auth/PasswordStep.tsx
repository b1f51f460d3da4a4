import { Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoginMutation, type LoginApiArg } from '../../api/auth';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { useFieldErrors } from '../../app/sharedState';
import { AuthLink } from './AuthLinks';

/** Props of {@link PasswordStep}. */
export interface PasswordStepProps {
  /** The login finished: the session is authenticated. */
  onComplete: () => void;
  /** Two-factor is on: the code must be sent with this confirmation token. */
  onTwoFactor: (confirmationToken: string) => void;
}

type Values = LoginApiArg['body'];

/** The first step of logging in: username or email, password and "remember me". */
export function PasswordStep({ onComplete, onTwoFactor }: PasswordStepProps) {
  const { t } = useTranslation();
  const [login, { isLoading }] = useLoginMutation();
  const loginErrors = useFieldErrors('login');
  const passwordErrors = useFieldErrors('password');
  const required = { required: true, message: t('validation.required', 'This field is required') };

  const submit = async (values: Values) => {
    try {
      const { data } = await login({ body: { ...values, remember: values.remember ?? false } }).unwrap();
      if (data.complete) onComplete();
      else onTwoFactor(data.confirmation_token);
    } catch {
      // The listeners show the server's messages under the fields and as a notification.
    }
  };

  const loginLabel = t('auth.login.login', 'Username or email');
  const passwordLabel = t('auth.login.password', 'Password');
  return (
    <Form<Values> name="login" layout="vertical" onFinish={submit} requiredMark={false} initialValues={{ remember: false }}>
      <h1 style={{ marginTop: 0, fontSize: 24 }}>{t('auth.login.title', 'Log in')}</h1>
      <Form.Item name="login" label={loginLabel} rules={[required]} {...fieldErrorProps(loginErrors, loginLabel)}>
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={passwordLabel} rules={[required]} {...fieldErrorProps(passwordErrors, passwordLabel)}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox>{t('auth.login.remember', 'Remember me')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        {t('auth.login.submit', 'Log in')}
      </Button>
      <p style={{ marginBlockEnd: 0, textAlign: 'center' }}>
        {t('auth.login.noAccount', 'No account yet?')} <AuthLink to="/sign-up">{t('auth.login.signUp', 'Sign up')}</AuthLink>
      </p>
    </Form>
  );
}
