import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../core/session/sessionSlice';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { AccountSection } from './AccountSection';
import { EmailForm } from './EmailForm';
import { PasswordForm } from './PasswordForm';
import { PreferencesForm } from './PreferencesForm';
import { ProfileForm } from './ProfileForm';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { ApiKeysSection } from './apiKeys/ApiKeysSection';
import { SshKeysSection } from './sshKeys/SshKeysSection';
import { PasskeysSection } from './passkeys/PasskeysSection';
import { LinkedAccountsSection } from './linkedAccounts/LinkedAccountsSection';

/** Account settings: name, email, password, preferences, two-factor authentication, sessions and deletion. */
export function AccountEditPage() {
  const { t } = useTranslation();
  const user = useAppSelector(selectCurrentUser);
  useClearValidationOnLeave();
  // The route is login-only, so the user is there; the check keeps the types honest.
  if (!user) return null;

  return (
    <>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 28 }}>
        {t('account.title', 'Your account')}
      </Typography.Title>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))', gap: 24, alignItems: 'start' }}>
        <AccountSection id="account-profile" title={t('account.profile.title', 'Profile')}>
          <ProfileForm user={user} />
        </AccountSection>
        <AccountSection id="account-preferences" title={t('account.preferences.title', 'Preferences')}>
          <PreferencesForm user={user} />
        </AccountSection>
        <AccountSection id="account-email" title={t('account.email.title', 'Email address')}>
          <EmailForm user={user} />
        </AccountSection>
        <AccountSection id="account-password" title={t('account.password.title', 'Password')}>
          <PasswordForm />
        </AccountSection>
        <AccountSection id="account-two-factor" title={t('account.twoFactor.title', 'Two-factor authentication')}>
          <TwoFactorSection user={user} />
        </AccountSection>
        <PasskeysSection />
        <LinkedAccountsSection />
        <AccountSection
          id="account-sessions"
          title={t('account.sessions.title', 'Sessions')}
          description={t('account.sessions.description', 'Where your account is logged in. End any session you do not recognise.')}
        >
          <SessionsSection />
        </AccountSection>
        <AccountSection
          id="account-api-keys"
          title={t('apiKeys.title', 'API keys')}
          description={t('apiKeys.description', 'Keys for your scripts and bots to use the panel’s API as you, limited to what you choose.')}
        >
          <ApiKeysSection />
        </AccountSection>
        <AccountSection id="account-ssh-keys" title={t('sftp.keys.title', 'SSH keys')} description={t('sftp.keys.description', 'Keys that sign in to your servers’ files over SFTP.')}>
          <SshKeysSection />
        </AccountSection>
        <AccountSection id="account-delete" title={t('account.delete.title', 'Delete account')} description={t('account.delete.description', 'Delete your account and everything it holds.')}>
          <DeleteAccountSection />
        </AccountSection>
      </div>
    </>
  );
}
