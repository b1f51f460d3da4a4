import { lazy, Suspense, useState } from 'react';
import { Button, Popconfirm, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useListApiKeysQuery, useRevokeApiKeyMutation, type ApiKey } from '../../../api/apiKeys';
import { Ltr } from '../../../components/Ltr';
import { useDateTime } from '../../../core/session/useDateTime';
import { useSuccessNotice } from '../useSuccessNotice';

// The dialog (its tree of scopes above all) loads when it is first opened, not with the account page.
const CreateApiKeyDialog = lazy(() => import('./CreateApiKeyDialog').then((m) => ({ default: m.CreateApiKeyDialog })));

function lastUse(t: TFunction, key: ApiKey, when: (iso: string) => string): string {
  if (!key.last_used_at) return t('apiKeys.neverUsed', 'Never used');
  return t('apiKeys.lastUsed', 'Last used {{time}} from {{ip}}', { time: when(key.last_used_at), ip: key.last_used_ip ?? '?' });
}

function expiry(t: TFunction, key: ApiKey, when: (iso: string) => string): string {
  if (!key.expires_at) return t('apiKeys.noExpiry', 'Never expires');
  return key.expired ? t('apiKeys.expiredOn', 'Expired {{time}}', { time: when(key.expires_at) }) : t('apiKeys.expiresOn', 'Expires {{time}}', { time: when(key.expires_at) });
}

/** The account's client API keys: what each may do, from where, until when and its last use; create and revoke. */
export function ApiKeysSection() {
  const { t } = useTranslation();
  const keys = useListApiKeysQuery();
  const [revoke, revoking] = useRevokeApiKeyMutation();
  const [creating, setCreating] = useState(false);
  const notice = useSuccessNotice();
  const when = useDateTime();

  const revokeKey = async (key: ApiKey) => {
    try {
      await revoke({ key: key.identifier }).unwrap();
      notice(t('apiKeys.revoked', 'The API key was revoked.'));
    } catch {
      // Shown by the listeners.
    }
  };

  const list = keys.data?.data ?? [];
  return (
    <>
      {keys.isError ? <p role="alert">{t('apiKeys.loadFailed', 'The API keys could not be loaded.')}</p> : null}
      {keys.isSuccess && list.length === 0 ? <p>{t('apiKeys.empty', 'You have no API keys.')}</p> : null}
      <ul aria-label={t('apiKeys.list', 'API keys')} aria-busy={keys.isFetching} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.map((key) => (
          <li key={key.identifier} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, paddingBlock: 12, borderBlockEnd: '1px solid var(--panel-card-border)' }}>
            <div style={{ flex: '1 1 240px', minWidth: 0 }}>
              <div style={{ fontWeight: 600 }}>
                {key.description} <Ltr>{`${key.identifier}…`}</Ltr> {key.expired ? <Tag color="red">{t('apiKeys.expired', 'Expired')}</Tag> : null}
              </div>
              <div style={{ marginBlock: 4 }}>{key.scopes.length === 0 ? <Tag>{t('apiKeys.allScopes', 'Everything you may do')}</Tag> : key.scopes.map((scope) => <Tag key={scope}>{scope}</Tag>)}</div>
              <div style={{ opacity: 0.75, fontSize: 13 }}>
                {key.allowed_ips.length === 0 ? t('apiKeys.anyAddress', 'From any address') : <Ltr>{key.allowed_ips.join(', ')}</Ltr>}
                {' · '}
                {expiry(t, key, when)}
                {' · '}
                {lastUse(t, key, when)}
              </div>
            </div>
            <Popconfirm
              title={t('apiKeys.revokeConfirm', 'Revoke “{{description}}”? Scripts using it stop working at once.', { description: key.description })}
              okText={t('apiKeys.revoke', 'Revoke')}
              cancelText={t('apiKeys.cancel', 'Cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => revokeKey(key)}
            >
              <Button
                danger
                loading={revoking.isLoading && revoking.originalArgs?.key === key.identifier}
                aria-label={t('apiKeys.revokeLabel', 'Revoke the API key {{description}}', { description: key.description })}
              >
                {t('apiKeys.revoke', 'Revoke')}
              </Button>
            </Popconfirm>
          </li>
        ))}
      </ul>
      <Button style={{ marginTop: 16 }} onClick={() => setCreating(true)}>
        {t('apiKeys.create', 'Create API key')}
      </Button>
      {creating ? (
        <Suspense fallback={null}>
          <CreateApiKeyDialog open onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
