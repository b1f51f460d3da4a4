import { Button, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteAccountSshKeyMutation, useListAccountSshKeysQuery, useUpdateAccountSftpSettingsMutation, type SshKey } from '../../../api/sshKeys';
import { Ltr } from '../../../components/Ltr';
import { useDateTime } from '../../../core/session/useDateTime';
import { useSuccessNotice } from '../useSuccessNotice';
import { SshKeyForm } from './SshKeyForm';

/** The account's SSH keys for SFTP (name, fingerprint, last use, remove), the key-only switch and the form to add one. */
export function SshKeysSection() {
  const { t } = useTranslation();
  const keys = useListAccountSshKeysQuery();
  const [remove, removing] = useDeleteAccountSshKeyMutation();
  const [updateSettings, updating] = useUpdateAccountSftpSettingsMutation();
  const notice = useSuccessNotice();
  const when = useDateTime();
  const list = keys.data?.data ?? [];
  const keyOnly = keys.data?.meta.key_only ?? false;

  const removeKey = async (key: SshKey) => {
    try {
      await remove({ key: key.uuid }).unwrap();
      notice(t('sftp.keys.removed', 'The key was removed. It no longer signs in.'));
    } catch {
      // Shown by the listeners.
    }
  };
  const setKeyOnly = async (value: boolean) => {
    try {
      await updateSettings({ body: { key_only: value } }).unwrap();
      notice(value ? t('sftp.keys.keyOnlyOn', 'SFTP now accepts your SSH keys only.') : t('sftp.keys.keyOnlyOff', 'SFTP accepts your password again.'));
    } catch {
      // Shown by the listeners.
    }
  };

  return (
    <>
      {keys.isError ? <p role="alert">{t('sftp.keys.loadFailed', 'The SSH keys could not be loaded.')}</p> : null}
      {keys.isSuccess && list.length === 0 ? <p>{t('sftp.keys.none', 'No SSH keys yet. SFTP accepts your password.')}</p> : null}
      <ul aria-label={t('sftp.keys.list', 'SSH keys')} aria-busy={keys.isFetching} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.map((key) => (
          <li key={key.uuid} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, paddingBlock: 12, borderBlockEnd: '1px solid var(--panel-card-border)' }}>
            <div style={{ flex: '1 1 220px', minWidth: 0 }}>
              <div style={{ fontWeight: 600 }}>{key.name}</div>
              <div style={{ opacity: 0.75, fontSize: 13, overflowWrap: 'anywhere' }}>
                <Ltr>{key.fingerprint}</Ltr> · {key.algorithm}
              </div>
              <div style={{ opacity: 0.75, fontSize: 13 }}>
                {key.last_used_at ? t('sftp.keys.lastUsed', 'Last used {{time}}', { time: when(key.last_used_at) }) : t('sftp.keys.neverUsed', 'Never used')}
              </div>
            </div>
            <Button
              danger
              onClick={() => void removeKey(key)}
              loading={removing.isLoading && removing.originalArgs?.key === key.uuid}
              aria-label={t('sftp.keys.removeLabel', 'Remove the SSH key {{name}}', { name: key.name })}
            >
              {t('sftp.keys.remove', 'Remove')}
            </Button>
          </li>
        ))}
      </ul>
      <label style={{ display: 'flex', alignItems: 'center', gap: 12, marginBlock: 16 }}>
        <Switch checked={keyOnly} disabled={!keys.isSuccess || (list.length === 0 && !keyOnly)} loading={updating.isLoading} onChange={(value) => void setKeyOnly(value)} />
        <span>{t('sftp.keys.keyOnly', 'Key only: SFTP refuses my password')}</span>
      </label>
      <SshKeyForm />
    </>
  );
}
