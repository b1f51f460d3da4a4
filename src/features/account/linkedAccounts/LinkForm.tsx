import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStartAccountLinkMutation, type LinkedAccount } from '../../../api/linkedAccounts';
import { fieldErrorProps } from '../../../components/fieldErrorProps';
import { passkeysSupported } from '../../../components/passkeys/browserPasskeys';
import { useActivateForm, useScopedFieldErrors } from '../formScope';
import { usePasskeyLink } from './usePasskeyLink';

interface Values {
  password: string;
}

/**
 * Linking a provider: the password (or one of the account's passkeys) first, then the browser goes
 * to the provider's sign-in page. An account without a password confirms with a passkey only.
 */
export function LinkForm({ provider, hasPassword, hasPasskeys }: { provider: LinkedAccount; hasPassword: boolean; hasPasskeys: boolean }) {
  const { t } = useTranslation();
  const [start, { isLoading }] = useStartAccountLinkMutation();
  const scope = `link-${provider.provider}`;
  const activate = useActivateForm(scope);
  const passwordErrors = useScopedFieldErrors(scope, 'password');
  const passwordLabel = t('oauth.account.password', 'Current password');
  const passkey = usePasskeyLink(provider.provider, activate);
  const withPasskey = hasPasskeys && passkeysSupported();

  const submit = async ({ password }: Values) => {
    activate();
    try {
      const { data } = await start({ provider: provider.provider, body: { password } }).unwrap();
      // The provider sends the browser back to /socialite, which finishes the link.
      window.location.assign(data.url);
    } catch {
      // Shown by the listeners.
    }
  };

  const passkeyButton = withPasskey ? (
    <Button loading={passkey.busy} onClick={() => void passkey.run()}>
      {t('oauth.account.linkWithPasskey', 'Confirm with a passkey')}
    </Button>
  ) : null;
  if (!hasPassword) {
    return passkeyButton ?? <p>{t('oauth.account.needsProof', 'To link another provider, set a password or add a passkey first.')}</p>;
  }
  return (
    <Form<Values> name={scope} layout="inline" onFinish={submit} style={{ rowGap: 8 }}>
      <Form.Item name="password" label={passwordLabel} rules={[{ required: true, message: t('validation.required', 'This field is required') }]} {...fieldErrorProps(passwordErrors, passwordLabel)}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('oauth.account.link', 'Link {{provider}}', { provider: provider.name })}
      </Button>
      {passkeyButton}
    </Form>
  );
}
