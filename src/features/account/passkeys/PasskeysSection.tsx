import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListPasskeysQuery } from '../../../api/account';
import { passkeysSupported } from '../../../components/passkeys/browserPasskeys';
import { useDateTime } from '../../../core/session/useDateTime';
import { AccountSection } from '../AccountSection';
import { AddPasskeyForm } from './AddPasskeyForm';
import { PasskeyActions } from './PasskeyActions';

/**
 * The account's passkeys: each with its name, when it was added and last used, rename and
 * remove (with the password); and adding one from this browser.
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = useListPasskeysQuery();
  const when = useDateTime();
  const list = passkeys.data?.data ?? [];

  return (
    <AccountSection
      id="account-passkeys"
      title={t('passkeys.title', 'Passkeys')}
      description={t('passkeys.description', 'Log in with your fingerprint, face or device PIN instead of your password, or use a passkey instead of a two-factor code.')}
    >
      {passkeys.isError ? <p role="alert">{t('passkeys.loadFailed', 'The passkeys could not be loaded.')}</p> : null}
      {passkeys.isSuccess && list.length === 0 ? <p>{t('passkeys.none', 'You have no passkeys yet.')}</p> : null}
      <ul aria-label={t('passkeys.list', 'Passkeys')} aria-busy={passkeys.isFetching} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.map((passkey) => (
          <li key={passkey.uuid} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, paddingBlock: 12, borderBlockEnd: '1px solid var(--panel-card-border)' }}>
            <div style={{ flex: '1 1 200px', minWidth: 0 }}>
              <div style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {passkey.name} {passkey.synced ? <Tag>{t('passkeys.synced', 'Synced')}</Tag> : null}
              </div>
              <div style={{ opacity: 0.75, fontSize: 13 }}>
                {t('passkeys.created', 'Added {{time}}', { time: when(passkey.created_at) })}
                {' · '}
                {passkey.last_used_at ? t('passkeys.lastUsed', 'Last used {{time}}', { time: when(passkey.last_used_at) }) : t('passkeys.neverUsed', 'Not used yet')}
              </div>
            </div>
            <PasskeyActions passkey={passkey} />
          </li>
        ))}
      </ul>
      {passkeysSupported() ? <AddPasskeyForm /> : <p>{t('passkeys.unsupported', 'This browser cannot create passkeys.')}</p>}
    </AccountSection>
  );
}
