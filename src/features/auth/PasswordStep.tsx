import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLoginMutation } from '../../api/auth';
import { useFieldErrors } from '../../core/validation/useFieldErrors';
import { CheckboxInput } from '../../components/form/CheckboxInput';
import { Field, fieldControlProps } from '../../components/form/Field';
import { FormStyles } from '../../components/form/formStyles';
import { PanelButton } from '../../components/form/PanelButton';
import { PasswordInput } from '../../components/form/PasswordInput';
import { TextInput } from '../../components/form/TextInput';
import { useLightForm } from '../../components/form/useLightForm';
import { AuthLink } from './AuthLinks';
import { PasskeyLoginButton } from './passkey/PasskeyLoginButton';
import { useLoginNotices } from './useLoginNotices';
import { SocialLoginButtons } from './SocialLoginButtons';

/** Props of {@link PasswordStep}. */
export interface PasswordStepProps {
  /** The login finished: the session is authenticated. */
  onComplete: () => void;
  /** Two-factor is on: the code (or a passkey, when the account has one) must be sent with this confirmation token. */
  onTwoFactor: (confirmationToken: string, hasPasskeys: boolean) => void;
  /** The form was sent (filled in): the server is checking the password. */
  onSent?: () => void;
}

const fields = ['login', 'password', 'remember'] as const;

/**
 * The first step of logging in: username or email, password and "remember me". Built from light
 * controls rather than antd's Form, because /login is the page every visitor loads first.
 */
export function PasswordStep({ onComplete, onTwoFactor, onSent }: PasswordStepProps) {
  const { t } = useTranslation();
  const [login, { isLoading }] = useLoginMutation();
  const notices = useLoginNotices();
  const form = useLightForm(fields, t('validation.required', 'This field is required'));
  const loginMessages = form.messagesFor('login', useFieldErrors('login'));
  const passwordMessages = form.messagesFor('password', useFieldErrors('password'));

  const submit = form.handleSubmit(['login', 'password'], async (values) => {
    onSent?.();
    try {
      const { data } = await login({ body: { login: values.login, password: values.password, remember: values.remember === 'on' } }).unwrap();
      if (data.complete) {
        notices(data);
        onComplete();
      } else onTwoFactor(data.confirmation_token, data.has_passkeys === true);
    } catch {
      // The listeners show the server's messages under the fields and as a notification.
    }
  });

  return (
    <form className="panel-form" onSubmit={submit} noValidate aria-labelledby="login-title">
      <FormStyles />
      <h1 id="login-title" style={{ marginTop: 0, fontSize: 24 }}>
        {t('auth.login.title', 'Log in')}
      </h1>
      <Field id="login" label={t('auth.login.login', 'Username or email')} messages={loginMessages}>
        <TextInput {...fieldControlProps('login', loginMessages)} autoComplete="username" autoFocus />
      </Field>
      <Field id="password" label={t('auth.login.password', 'Password')} messages={passwordMessages}>
        <PasswordInput {...fieldControlProps('password', passwordMessages)} autoComplete="current-password" />
      </Field>
      <CheckboxInput name="remember">{t('auth.login.remember', 'Remember me')}</CheckboxInput>
      <p style={{ margin: 0 }}>
        <Link to="/forgot-password">{t('auth.login.forgot', 'Forgot password?')}</Link>
      </p>
      <PanelButton type="submit" loading={isLoading}>
        {t('auth.login.submit', 'Log in')}
      </PanelButton>
      <PasskeyLoginButton onComplete={onComplete} />
      <SocialLoginButtons />
      <p style={{ marginBlockEnd: 0, textAlign: 'center' }}>
        {t('auth.login.noAccount', 'No account yet?')} <AuthLink to="/sign-up">{t('auth.login.signUp', 'Sign up')}</AuthLink>
      </p>
    </form>
  );
}
