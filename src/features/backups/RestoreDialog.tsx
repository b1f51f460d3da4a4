import { Alert, Button, Checkbox, Modal, Progress, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  /** Whether the customer may start the server (offered once the restore is done). */
  canStart?: boolean;
  onClose: () => void;
}

/**
 * The restore confirmation: says what happens (checksum first, the files replaced, all or nothing),
 * offers to stop a running server first, and lets the customer choose to delete the other files.
 */
export function RestoreDialog({ serverId, backup, offline, canStop, canStart = false, onClose }: RestoreDialogProps) {
  const { t } = useTranslation();
  const [truncate, setTruncate] = useState(false);
  const [restore, restoring] = useRestoreServerBackupMutation();
  const [sendPower, stopping] = useSendServerPowerMutation();
  const [start, starting] = useSendServerPowerMutation();
  // The restore leaves the server stopped: once it is done, the dialog says so and offers the start.
  const [restored, setRestored] = useState<string | null>(null);
  const run = async () => {
    if (!backup) return;
    const result = await restore({ id: serverId, backup: backup.uuid, body: { truncate } });
    if (!('error' in result)) setRestored(backup.name);
  };
  if (restored !== null) {
    return (
      <Modal
        open={backup !== null}
        title={t('backups.restore.doneTitle', 'Backup restored')}
        onCancel={onClose}
        destroyOnHidden
        footer={<Button onClick={onClose}>{t('backups.restore.close', 'Close')}</Button>}
      >
        <Result
          status="success"
          title={t('backups.restore.done', 'Restored {{name}}', { name: restored })}
          subTitle={t('backups.restore.doneStopped', 'The server is stopped. Start it to play on the restored files.')}
          extra={
            canStart ? (
              <Button type="primary" loading={starting.isLoading} onClick={() => void start({ id: serverId, body: { signal: 'start' } }).then((result) => !('error' in result) && onClose())}>
                {t('backups.restore.start', 'Start the server')}
              </Button>
            ) : undefined
          }
        />
      </Modal>
    );
  }
  return (
    <Modal
      open={backup !== null}
      title={t('backups.restore.title', 'Restore “{{name}}”?', { name: backup?.name ?? '' })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose} disabled={restoring.isLoading}>
            {t('backups.cancel', 'Cancel')}
          </Button>
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
      {restoring.isLoading ? (
        <div role="status" style={{ marginTop: 16 }}>
          <Typography.Text>{t('backups.restore.running', 'Restoring {{name}}: checking the archive and replacing the files…', { name: backup?.name ?? '' })}</Typography.Text>
          <Progress percent={100} status="active" showInfo={false} aria-hidden />
        </div>
      ) : null}
      {restoring.error ? <Alert style={{ marginTop: 16 }} type="error" showIcon title={apiErrorMessage(restoring.error) ?? t('backups.restore.failed', 'The backup could not be restored.')} /> : null}
    </Modal>
  );
}
