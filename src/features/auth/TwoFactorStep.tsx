import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoginCheckpointMutation } from '../../api/auth';
import { FieldErrors } from '../../components/FieldErrors';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { useFieldErrors } from '../../app/sharedState';

/** Props of {@link TwoFactorStep}. */
export interface TwoFactorStepProps {
  confirmationToken: string;
  onComplete: () => void;
  /** Back to the password step (e.g. when the confirmation expired). */
  onBack: () => void;
}

interface Values {
  authentication_code: string;
}

/** The second step of a two-factor login: a code from the authenticator app or a recovery code. */
export function TwoFactorStep({ confirmationToken, onComplete, onBack }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const [checkpoint, { isLoading }] = useLoginCheckpointMutation();
  const codeErrors = useFieldErrors('authentication_code');
  // The confirmation token is not a field the user sees; its messages (expired) go above the form.
  const tokenErrors = useFieldErrors('token');

  const submit = async ({ authentication_code }: Values) => {
    try {
      await checkpoint({ body: { token: confirmationToken, authentication_code: authentication_code.trim() } }).unwrap();
      onComplete();
    } catch {
      // Shown by the listeners: under the field, and as a notification.
    }
  };

  const codeLabel = t('auth.twoFactor.code', 'Authentication code');
  return (
    <Form<Values> name="login-checkpoint" layout="vertical" onFinish={submit} requiredMark={false}>
      <h1 style={{ marginTop: 0, fontSize: 24 }}>{t('auth.twoFactor.title', 'Two-factor authentication')}</h1>
      <p>{t('auth.twoFactor.text', 'Enter the code from your authenticator app, or one of your recovery codes.')}</p>
      <FieldErrors messages={tokenErrors} label={t('auth.twoFactor.step', 'This login')} />
      <Form.Item
        name="authentication_code"
        label={codeLabel}
        rules={[{ required: true, message: t('validation.required', 'This field is required') }]}
        {...fieldErrorProps(codeErrors, codeLabel)}
      >
        <Input autoComplete="one-time-code" autoFocus spellCheck={false} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        {t('auth.twoFactor.submit', 'Verify')}
      </Button>
      <Button type="link" block onClick={onBack} style={{ marginBlockStart: 8 }}>
        {t('auth.twoFactor.back', 'Back to log in')}
      </Button>
    </Form>
  );
}
