import { Button, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListLinkedAccountsQuery, useUnlinkAccountMutation, type LinkedAccount } from '../../../api/linkedAccounts';
import { useDateTime } from '../../../core/session/useDateTime';
import { AccountSection } from '../AccountSection';
import { useSuccessNotice } from '../useSuccessNotice';
import { LinkForm } from './LinkForm';

/**
 * "Linked accounts" of the account page: every provider the host enabled, linked or not; linking
 * (after the password or a passkey) and unlinking. Absent when the host enabled none.
 */
export function LinkedAccountsSection() {
  const { t } = useTranslation();
  const linked = useListLinkedAccountsQuery();
  const [unlink, unlinking] = useUnlinkAccountMutation();
  const [linking, setLinking] = useState<string | null>(null);
  const notice = useSuccessNotice();
  const when = useDateTime();
  const providers = linked.data?.data.providers ?? [];
  if (providers.length === 0) return null;

  const remove = async (provider: LinkedAccount) => {
    try {
      await unlink({ provider: provider.provider }).unwrap();
      notice(t('oauth.account.unlinked', '{{provider}} is no longer linked.', { provider: provider.name }));
    } catch {
      // Shown by the listeners.
    }
  };

  return (
    <AccountSection
      id="account-linked"
      title={t('oauth.account.title', 'Linked accounts')}
      description={t('oauth.account.descriptionPasskey', 'Log in with an account you have elsewhere. Linking asks for your password or a passkey first.')}
    >
      {linked.data?.data.has_password === false ? <p>{t('oauth.account.noPassword', 'Your account has no password yet. To set one, use “Forgot password” on the login page.')}</p> : null}
      <ul aria-label={t('oauth.account.list', 'Linked accounts')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {providers.map((provider) => (
          <li key={provider.provider} style={{ display: 'grid', gap: 8, paddingBlock: 12, borderBlockEnd: '1px solid var(--panel-card-border)' }}>
            <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 }}>
              <div style={{ flex: '1 1 200px', minWidth: 0 }}>
                <div style={{ fontWeight: 600 }}>
                  {provider.name} {provider.linked ? <Tag color="green">{t('oauth.account.linkedTag', 'Linked')}</Tag> : null}
                </div>
                {provider.linked ? (
                  <div style={{ opacity: 0.75, fontSize: 13 }}>
                    {provider.email ? `${provider.email} · ` : ''}
                    {t('oauth.account.linkedAt', 'Linked {{time}}', { time: when(provider.linked_at!) })}
                  </div>
                ) : null}
              </div>
              {provider.linked ? (
                <Popconfirm
                  title={t('oauth.account.unlinkConfirm', 'Unlink {{provider}}?', { provider: provider.name })}
                  onConfirm={() => remove(provider)}
                  okText={t('oauth.account.unlink', 'Unlink')}
                >
                  <Button danger loading={unlinking.isLoading && unlinking.originalArgs?.provider === provider.provider}>
                    {t('oauth.account.unlink', 'Unlink')}
                  </Button>
                </Popconfirm>
              ) : linking === provider.provider ? null : (
                <Button onClick={() => setLinking(provider.provider)}>{t('oauth.account.startLink', 'Link')}</Button>
              )}
            </div>
            {!provider.linked && linking === provider.provider ? (
              <LinkForm provider={provider} hasPassword={linked.data?.data.has_password !== false} hasPasskeys={linked.data?.data.has_passkeys === true} />
            ) : null}
          </li>
        ))}
      </ul>
    </AccountSection>
  );
}
