import { useTranslation } from 'react-i18next';
import { useLoginCheckpointMutation } from '../../api/auth';
import { useFieldErrors } from '../../core/validation/useFieldErrors';
import { FieldErrors } from '../../components/FieldErrors';
import { Field, fieldControlProps } from '../../components/form/Field';
import { FormStyles } from '../../components/form/formStyles';
import { PanelButton } from '../../components/form/PanelButton';
import { TextInput } from '../../components/form/TextInput';
import { useLightForm } from '../../components/form/useLightForm';
import { useLoginNotices } from './useLoginNotices';
import { PasskeySecondFactorButton } from './passkey/PasskeySecondFactorButton';

/** Props of {@link TwoFactorStep}. */
export interface TwoFactorStepProps {
  confirmationToken: string;
  /** The account has passkeys: offer one instead of the code. */
  hasPasskeys?: boolean;
  onComplete: () => void;
  /** Back to the password step (e.g. when the confirmation expired). */
  onBack: () => void;
}

const fields = ['authentication_code'] as const;

/** The second step of a two-factor login: a code from the authenticator app, a recovery code or a passkey. */
export function TwoFactorStep({ confirmationToken, hasPasskeys = false, onComplete, onBack }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const [checkpoint, { isLoading }] = useLoginCheckpointMutation();
  const notices = useLoginNotices();
  const form = useLightForm(fields, t('validation.required', 'This field is required'));
  const codeMessages = form.messagesFor('authentication_code', useFieldErrors('authentication_code'));
  // The confirmation token is not a field the user sees; its messages (expired) go above the form.
  const tokenErrors = useFieldErrors('token');

  const submit = form.handleSubmit(['authentication_code'], async ({ authentication_code }) => {
    try {
      const { data } = await checkpoint({ body: { token: confirmationToken, authentication_code: authentication_code.trim() } }).unwrap();
      notices(data);
      onComplete();
    } catch {
      // Shown by the listeners: under the field, and as a notification.
    }
  });

  return (
    <form className="panel-form" onSubmit={submit} noValidate aria-labelledby="two-factor-title">
      <FormStyles />
      <h1 id="two-factor-title" style={{ marginTop: 0, fontSize: 24 }}>
        {t('auth.twoFactor.title', 'Two-factor authentication')}
      </h1>
      <p>{t('auth.twoFactor.text', 'Enter the code from your authenticator app, or one of your recovery codes.')}</p>
      <div className="panel-field-errors">
        <FieldErrors messages={tokenErrors} label={t('auth.twoFactor.step', 'This login')} />
      </div>
      <Field id="authentication_code" label={t('auth.twoFactor.code', 'Authentication code')} messages={codeMessages}>
        <TextInput {...fieldControlProps('authentication_code', codeMessages)} autoComplete="one-time-code" autoFocus spellCheck={false} />
      </Field>
      <PanelButton type="submit" loading={isLoading}>
        {t('auth.twoFactor.submit', 'Verify')}
      </PanelButton>
      {hasPasskeys ? <PasskeySecondFactorButton confirmationToken={confirmationToken} onComplete={onComplete} /> : null}
      <PanelButton variant="link" onClick={onBack} style={{ marginBlockStart: 8 }}>
        {t('auth.twoFactor.back', 'Back to log in')}
      </PanelButton>
    </form>
  );
}
