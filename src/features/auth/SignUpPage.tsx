import { Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useRegisterMutation, type RegisterApiArg } from '../../api/auth';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { useClearValidationOnLeave, useFieldErrors } from '../../app/sharedState';
import { AuthLink } from './AuthLinks';
import { redirectTarget } from './redirectTarget';

type Values = RegisterApiArg['body'];

/** Sign up: username, email, password with confirmation and "remember me"; logged in at once. */
export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [register, { isLoading }] = useRegisterMutation();
  useClearValidationOnLeave();
  const errors = {
    username: useFieldErrors('username'),
    email: useFieldErrors('email'),
    password: useFieldErrors('password'),
    password_confirmation: useFieldErrors('password_confirmation'),
  };
  const labels = {
    username: t('auth.signUp.username', 'Username'),
    email: t('auth.signUp.email', 'Email'),
    password: t('auth.signUp.password', 'Password'),
    password_confirmation: t('auth.signUp.passwordConfirmation', 'Confirm password'),
  };
  const required = { required: true, message: t('validation.required', 'This field is required') };

  const submit = async (values: Values) => {
    try {
      await register({ body: { ...values, remember: values.remember ?? false } }).unwrap();
      navigate(redirectTarget(location), { replace: true });
    } catch {
      // Each field shows its own messages; the listeners also raise a notification.
    }
  };

  return (
    <Form<Values> name="sign-up" layout="vertical" onFinish={submit} requiredMark={false} initialValues={{ remember: false }}>
      <h1 style={{ marginTop: 0, fontSize: 24 }}>{t('auth.signUp.title', 'Create your account')}</h1>
      <Form.Item name="username" label={labels.username} rules={[required]} {...fieldErrorProps(errors.username, labels.username)}>
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="email" label={labels.email} rules={[required]} {...fieldErrorProps(errors.email, labels.email)}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item name="password" label={labels.password} rules={[required]} {...fieldErrorProps(errors.password, labels.password)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="password_confirmation"
        label={labels.password_confirmation}
        rules={[required]}
        {...fieldErrorProps(errors.password_confirmation, labels.password_confirmation)}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox>{t('auth.signUp.remember', 'Remember me')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        {t('auth.signUp.submit', 'Sign up')}
      </Button>
      <p style={{ marginBlockEnd: 0, textAlign: 'center' }}>
        {t('auth.signUp.haveAccount', 'Already have an account?')} <AuthLink to="/login">{t('auth.signUp.login', 'Log in')}</AuthLink>
      </p>
    </Form>
  );
}
