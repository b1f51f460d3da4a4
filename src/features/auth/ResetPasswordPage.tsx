import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useCheckResetLinkMutation, useResetPasswordMutation } from '../../api/auth';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { useFieldErrors } from '../../core/validation/useFieldErrors';
import { FieldErrors } from '../../components/FieldErrors';
import { Field, fieldControlProps } from '../../components/form/Field';
import { FormStyles } from '../../components/form/formStyles';
import { PanelButton } from '../../components/form/PanelButton';
import { PasswordInput } from '../../components/form/PasswordInput';
import { useLightForm } from '../../components/form/useLightForm';

const fields = ['password', 'password_confirmation'] as const;

/** What the server said about the link when the page opened: unknown until it answered. */
type LinkState = 'checking' | 'valid' | 'spent' | 'unknown';

/**
 * Checks the link once when the page opens (spending nothing), so a used or expired link is said
 * at once instead of after a new password was typed. When the check itself fails (offline), the
 * form is shown: the reset checks the link again anyway.
 */
function useResetLinkState(token: string): LinkState {
  const [checkResetLink] = useCheckResetLinkMutation();
  const [state, setState] = useState<LinkState>(token ? 'checking' : 'unknown');
  useEffect(() => {
    if (!token) return;
    let current = true;
    checkResetLink({ body: { token } })
      .unwrap()
      .then(({ data }) => current && setState(data.valid ? 'valid' : 'spent'))
      .catch(() => current && setState('unknown'));
    return () => {
      current = false;
    };
  }, [checkResetLink, token]);
  return state;
}

/**
 * The page of a reset link (`/reset-password?token=…`): a new password and its confirmation,
 * with the same rules as sign-up. A reset logs nobody in: afterwards the visitor logs in with the
 * new password (and, with two-factor on, the code). Every session of the account has ended.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const link = useResetLinkState(token);
  useClearValidationOnLeave();
  const form = useLightForm(fields, t('validation.required', 'This field is required'));
  const messages = {
    password: form.messagesFor('password', useFieldErrors('password')),
    password_confirmation: form.messagesFor('password_confirmation', useFieldErrors('password_confirmation')),
  };
  const tokenErrors = useFieldErrors('token');

  const submit = form.handleSubmit(['password', 'password_confirmation'], async (values) => {
    try {
      await resetPassword({ body: { token, ...values } }).unwrap();
      setDone(true);
    } catch {
      // Shown under the fields (the link's own message above the form) and as a notification.
    }
  });

  if (done) {
    return (
      <div className="panel-form" role="status" aria-labelledby="reset-title">
        <h1 id="reset-title" style={{ marginTop: 0, fontSize: 24 }}>
          {t('auth.reset.doneTitle', 'Password changed')}
        </h1>
        <p>{t('auth.reset.done', 'Your password has been reset and every session of your account has ended. Log in with your new password.')}</p>
        <p style={{ marginBlockEnd: 0, textAlign: 'center' }}>
          <Link to="/login">{t('auth.reset.login', 'Log in')}</Link>
        </p>
      </div>
    );
  }

  if (!token) {
    return (
      <div className="panel-form" aria-labelledby="reset-title">
        <h1 id="reset-title" style={{ marginTop: 0, fontSize: 24 }}>
          {t('auth.reset.title', 'Choose a new password')}
        </h1>
        <p role="alert">{t('auth.reset.noToken', 'This page needs the link from the reset mail.')}</p>
        <p style={{ marginBlockEnd: 0, textAlign: 'center' }}>
          <Link to="/forgot-password">{t('auth.reset.askAgain', 'Ask for a new link')}</Link>
        </p>
      </div>
    );
  }

  if (link === 'checking') {
    return (
      <div className="panel-form" aria-labelledby="reset-title" aria-busy="true">
        <h1 id="reset-title" style={{ marginTop: 0, fontSize: 24 }}>
          {t('auth.reset.title', 'Choose a new password')}
        </h1>
        <p role="status">{t('auth.reset.checking', 'Checking your link…')}</p>
      </div>
    );
  }

  if (link === 'spent') {
    return (
      <div className="panel-form" aria-labelledby="reset-title">
        <h1 id="reset-title" style={{ marginTop: 0, fontSize: 24 }}>
          {t('auth.reset.spentTitle', 'This link no longer works')}
        </h1>
        <p role="alert">{t('auth.reset.spent', 'This link was already used or has expired.')}</p>
        <p style={{ marginBlockEnd: 0, textAlign: 'center' }}>
          <Link to="/forgot-password">{t('auth.reset.askAgain', 'Ask for a new link')}</Link>
        </p>
      </div>
    );
  }

  return (
    <form className="panel-form" onSubmit={submit} noValidate aria-labelledby="reset-title">
      <FormStyles />
      <h1 id="reset-title" style={{ marginTop: 0, fontSize: 24 }}>
        {t('auth.reset.title', 'Choose a new password')}
      </h1>
      {tokenErrors.length > 0 && (
        <div role="alert">
          <FieldErrors messages={tokenErrors} label={t('auth.reset.link', 'The reset link')} />
          <p>
            <Link to="/forgot-password">{t('auth.reset.askAgain', 'Ask for a new link')}</Link>
          </p>
        </div>
      )}
      <Field id="password" label={t('auth.reset.password', 'New password')} messages={messages.password}>
        <PasswordInput {...fieldControlProps('password', messages.password)} autoComplete="new-password" autoFocus />
      </Field>
      <Field id="password_confirmation" label={t('auth.reset.passwordConfirmation', 'Confirm new password')} messages={messages.password_confirmation}>
        <PasswordInput {...fieldControlProps('password_confirmation', messages.password_confirmation)} autoComplete="new-password" />
      </Field>
      <PanelButton type="submit" loading={isLoading}>
        {t('auth.reset.submit', 'Reset password')}
      </PanelButton>
    </form>
  );
}
