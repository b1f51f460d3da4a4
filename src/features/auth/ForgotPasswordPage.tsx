import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForgotPasswordMutation } from '../../api/auth';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { useFieldErrors } from '../../core/validation/useFieldErrors';
import { Field, fieldControlProps } from '../../components/form/Field';
import { FormStyles } from '../../components/form/formStyles';
import { PanelButton } from '../../components/form/PanelButton';
import { TextInput } from '../../components/form/TextInput';
import { useLightForm } from '../../components/form/useLightForm';
import { AuthLink } from './AuthLinks';

const fields = ['email'] as const;

/**
 * "Forgot password?": asks for the account's email address and mails a reset link. The page
 * says the same for every address (the server does too), so it tells no one which exist.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [requestReset, { isLoading }] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  useClearValidationOnLeave();
  const form = useLightForm(fields, t('validation.required', 'This field is required'));
  const emailMessages = form.messagesFor('email', useFieldErrors('email'));

  const submit = form.handleSubmit(['email'], async ({ email }) => {
    try {
      await requestReset({ body: { email: email.trim() } }).unwrap();
      setSentTo(email.trim());
    } catch {
      // Shown under the field and as a notification by the listeners (422, 429).
    }
  });

  if (sentTo !== null) {
    return (
      <div className="panel-form" role="status" aria-labelledby="forgot-title">
        <h1 id="forgot-title" style={{ marginTop: 0, fontSize: 24 }}>
          {t('auth.forgot.sentTitle', 'Check your mail')}
        </h1>
        <p>
          {t('auth.forgot.sent', 'If an account uses {{email}}, we have sent it a link to reset the password. The link works once, for 60 minutes.', {
            email: sentTo,
          })}
        </p>
        <p style={{ marginBlockEnd: 0, textAlign: 'center' }}>
          <AuthLink to="/login">{t('auth.forgot.backToLogin', 'Back to log in')}</AuthLink>
        </p>
      </div>
    );
  }

  return (
    <form className="panel-form" onSubmit={submit} noValidate aria-labelledby="forgot-title">
      <FormStyles />
      <h1 id="forgot-title" style={{ marginTop: 0, fontSize: 24 }}>
        {t('auth.forgot.title', 'Forgot your password?')}
      </h1>
      <p>{t('auth.forgot.text', 'Enter the email address of your account and we will send you a link to choose a new password.')}</p>
      <Field id="email" label={t('auth.forgot.email', 'Email')} messages={emailMessages}>
        <TextInput {...fieldControlProps('email', emailMessages)} type="email" autoComplete="email" autoFocus />
      </Field>
      <PanelButton type="submit" loading={isLoading}>
        {t('auth.forgot.submit', 'Send reset link')}
      </PanelButton>
      <p style={{ marginBlockEnd: 0, textAlign: 'center' }}>
        <AuthLink to="/login">{t('auth.forgot.backToLogin', 'Back to log in')}</AuthLink>
      </p>
    </form>
  );
}
