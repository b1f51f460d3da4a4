import { Alert, Button, Checkbox, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuccessNotification } from '../../core/notifications/useSuccessNotification';
import { useRestoreServerBackupMutation, type Backup } from '../../api/backups';
import { apiErrorMessage } from '../../api/apiError';
import { useSendServerPowerMutation } from '../../api/servers';

/** Props of {@link RestoreDialog}. */
export interface RestoreDialogProps {
  serverId: string;
  backup: Backup | null;
  /** Whether the server is offline now (a restore needs it stopped). */
  offline: boolean;
  canStop: boolean;
  onClose: () => void;
}

/**
 * The restore confirmation: says what happens (checksum first, the files replaced, all or nothing),
 * offers to stop a running server first, and lets the customer choose to delete the other files.
 */
export function RestoreDialog({ serverId, backup, offline, canStop, onClose }: RestoreDialogProps) {
  const { t } = useTranslation();
  const [truncate, setTruncate] = useState(false);
  const [restore, restoring] = useRestoreServerBackupMutation();
  const notifySuccess = useSuccessNotification();
  const [sendPower, stopping] = useSendServerPowerMutation();
  const run = async () => {
    if (!backup) return;
    const result = await restore({ id: serverId, backup: backup.uuid, body: { truncate } });
    if ('error' in result) return;
    notifySuccess(t('backups.restore.done.title', 'Backup restored'), t('backups.restore.done.text', 'The server’s files are back as they were in “{{name}}”.', { name: backup.name }));
    onClose();
  };
  return (
    <Modal
      open={backup !== null}
      title={t('backups.restore.title', 'Restore “{{name}}”?', { name: backup?.name ?? '' })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('backups.cancel', 'Cancel')}</Button>
          <Button type="primary" danger disabled={!offline} loading={restoring.isLoading} onClick={() => void run()}>
            {t('backups.restore.submit', 'Restore')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>
        {t(
          'backups.restore.explain',
          'The archive’s checksum is checked first: a damaged archive is refused and nothing changes. Then the backup’s files replace the current ones, all at once: if anything goes wrong, the current files stay as they are.',
        )}
      </Typography.Paragraph>
      <Checkbox checked={truncate} onChange={(event) => setTruncate(event.target.checked)}>
        {t('backups.restore.truncate', 'Delete every file that is not in the backup')}
      </Checkbox>
      {!offline && (
        <Alert
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          title={t('backups.restore.stopFirst', 'The server is running. Stop it before restoring: its files are replaced.')}
          action={
            canStop ? (
              <Button size="small" loading={stopping.isLoading} onClick={() => void sendPower({ id: serverId, body: { signal: 'stop' } })}>
                {t('backups.restore.stop', 'Stop the server')}
              </Button>
            ) : undefined
          }
        />
      )}
      {restoring.error ? <Alert style={{ marginTop: 16 }} type="error" showIcon title={apiErrorMessage(restoring.error) ?? t('backups.restore.failed', 'The backup could not be restored.')} /> : null}
    </Modal>
  );
}
