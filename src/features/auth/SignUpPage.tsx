import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useRegisterMutation } from '../../api/auth';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { useFieldErrors } from '../../core/validation/useFieldErrors';
import { CheckboxInput } from '../../components/form/CheckboxInput';
import { Field, fieldControlProps } from '../../components/form/Field';
import { FormStyles } from '../../components/form/formStyles';
import { PanelButton } from '../../components/form/PanelButton';
import { PasswordInput } from '../../components/form/PasswordInput';
import { TextInput } from '../../components/form/TextInput';
import { useLightForm } from '../../components/form/useLightForm';
import { AuthLink } from './AuthLinks';
import { redirectTarget } from './redirectTarget';

const fields = ['username', 'email', 'password', 'password_confirmation', 'remember'] as const;

/** Sign up: username, email, password with confirmation and "remember me"; logged in at once. */
export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [register, { isLoading }] = useRegisterMutation();
  useClearValidationOnLeave();
  const form = useLightForm(fields, t('validation.required', 'This field is required'));
  const messages = {
    username: form.messagesFor('username', useFieldErrors('username')),
    email: form.messagesFor('email', useFieldErrors('email')),
    password: form.messagesFor('password', useFieldErrors('password')),
    password_confirmation: form.messagesFor('password_confirmation', useFieldErrors('password_confirmation')),
  };

  const submit = form.handleSubmit(['username', 'email', 'password', 'password_confirmation'], async ({ remember, ...values }) => {
    try {
      await register({ body: { ...values, remember: remember === 'on' } }).unwrap();
      navigate(redirectTarget(location), { replace: true });
    } catch {
      // Each field shows its own messages; the listeners also raise a notification.
    }
  });

  return (
    <form className="panel-form" onSubmit={submit} noValidate aria-labelledby="sign-up-title">
      <FormStyles />
      <h1 id="sign-up-title" style={{ marginTop: 0, fontSize: 24 }}>
        {t('auth.signUp.title', 'Create your account')}
      </h1>
      <Field id="username" label={t('auth.signUp.username', 'Username')} messages={messages.username}>
        <TextInput {...fieldControlProps('username', messages.username)} autoComplete="username" autoFocus />
      </Field>
      <Field id="email" label={t('auth.signUp.email', 'Email')} messages={messages.email}>
        <TextInput {...fieldControlProps('email', messages.email)} type="email" autoComplete="email" />
      </Field>
      <Field id="password" label={t('auth.signUp.password', 'Password')} messages={messages.password}>
        <PasswordInput {...fieldControlProps('password', messages.password)} autoComplete="new-password" />
      </Field>
      <Field id="password_confirmation" label={t('auth.signUp.passwordConfirmation', 'Confirm password')} messages={messages.password_confirmation}>
        <PasswordInput {...fieldControlProps('password_confirmation', messages.password_confirmation)} autoComplete="new-password" />
      </Field>
      <CheckboxInput name="remember">{t('auth.signUp.remember', 'Remember me')}</CheckboxInput>
      <PanelButton type="submit" loading={isLoading}>
        {t('auth.signUp.submit', 'Sign up')}
      </PanelButton>
      <p style={{ marginBlockEnd: 0, textAlign: 'center' }}>
        {t('auth.signUp.haveAccount', 'Already have an account?')} <AuthLink to="/login">{t('auth.signUp.login', 'Log in')}</AuthLink>
      </p>
    </form>
  );
}
