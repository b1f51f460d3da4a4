import { DeleteOutlined, DownloadOutlined, LockFilled, RollbackOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Empty, Popconfirm, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useGetServerBackupDownloadMutation, useLockServerBackupMutation, type Backup } from '../../api/backups';
import type { BackupProgressEvent } from '../../api/serverSocket';
import { useDateTime } from '../../core/session/useDateTime';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { formatBytes } from '../../components/server/formatBytes';

/** Props of {@link BackupsTable}. */
export interface BackupsTableProps {
  serverId: string;
  backups: Backup[];
  /** Live progress from the console socket, by backup uuid. */
  progress: Record<string, BackupProgressEvent> | undefined;
  /** Whether the user holds a permission on the server. */
  can: (permission: string) => boolean;
  onRestore: (backup: Backup) => void;
  onDelete: (backup: Backup) => void;
}

/** Starts the browser's download of a URL, as a click on a download link does. */
function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** A backup's state: live progress while it is made, the reason when it failed. */
function stateCell(t: TFunction, backup: Backup, progress: BackupProgressEvent | undefined) {
  if (backup.state === 'running') {
    const percent = progress && progress.bytesTotal > 0 ? Math.floor((progress.bytesDone / progress.bytesTotal) * 100) : 0;
    return <Progress percent={percent} size="small" status="active" aria-label={t('backups.state.running', 'Being made')} style={{ minWidth: 120 }} />;
  }
  if (backup.state === 'failed') {
    return (
      <Tooltip title={backup.error ?? undefined}>
        <Tag color="error">{t('backups.state.failed', 'Failed')}</Tag>
      </Tooltip>
    );
  }
  return <Tag color="success">{t('backups.state.completed', 'Completed')}</Tag>;
}

/** The server's backups: name and lock, state, size, date, short checksum, and what the user may do with each. */
export function BackupsTable({ serverId, backups, progress, can, onRestore, onDelete }: BackupsTableProps) {
  const { t, i18n } = useTranslation();
  const when = useDateTime();
  const [lock] = useLockServerBackupMutation();
  const [download] = useGetServerBackupDownloadMutation();

  const actions = (backup: Backup) => {
    const done = backup.state === 'completed';
    return (
      <Space wrap>
        {can('backup.download') && done && (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={() =>
              void download({ id: serverId, backup: backup.uuid }).then((result) => {
                if ('data' in result && result.data) startDownload(result.data.data.download_url);
              })
            }
          >
            {t('backups.download', 'Download')}
          </Button>
        )}
        {can('backup.restore') && done && (
          <Button size="small" icon={<RollbackOutlined />} onClick={() => onRestore(backup)}>
            {t('backups.restore.open', 'Restore')}
          </Button>
        )}
        {can('backup.lock') && (
          <Button size="small" icon={backup.locked ? <UnlockOutlined /> : <LockFilled />} onClick={() => void lock({ id: serverId, backup: backup.uuid, body: { locked: !backup.locked } })}>
            {backup.locked ? t('backups.unlock', 'Unlock') : t('backups.lock', 'Lock')}
          </Button>
        )}
        {can('backup.delete') && !backup.locked && (
          <Popconfirm
            title={t('backups.deleteConfirm', 'Delete this backup? Its archive is removed for good.')}
            okText={t('backups.delete', 'Delete')}
            cancelText={t('backups.cancel', 'Cancel')}
            onConfirm={() => onDelete(backup)}
          >
            <Button size="small" danger icon={<DeleteOutlined />}>
              {t('backups.delete', 'Delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    );
  };

  return (
    <ResponsiveTable<Backup>
      rowKey="uuid"
      rowLabel={(backup) => backup.name}
      dataSource={backups}
      pagination={false}
      locale={{ emptyText: <Empty description={t('backups.empty', 'No backups yet.')} /> }}
      columns={[
        {
          title: t('backups.column.name', 'Name'),
          key: 'name',
          render: (_, backup) => (
            <Space>
              {backup.locked && <LockFilled aria-label={t('backups.locked', 'Locked')} />}
              {backup.name}
            </Space>
          ),
        },
        { title: t('backups.column.state', 'State'), key: 'state', render: (_, backup) => stateCell(t, backup, progress?.[backup.uuid]) },
        { title: t('backups.column.size', 'Size'), key: 'size', render: (_, backup) => (backup.state === 'completed' ? formatBytes(t, backup.bytes, i18n.language) : '—') },
        { title: t('backups.column.date', 'Date'), key: 'date', render: (_, backup) => when(backup.started_at) },
        {
          title: t('backups.column.checksum', 'Checksum'),
          key: 'checksum',
          render: (_, backup) =>
            backup.checksum ? (
              <Tooltip title={t('backups.checksumFull', 'SHA-256: {{checksum}}', { checksum: backup.checksum })}>
                <Typography.Text code>{backup.checksum.slice(0, 12)}</Typography.Text>
              </Tooltip>
            ) : (
              '—'
            ),
        },
        { title: t('backups.column.actions', 'Actions'), key: 'actions', render: (_, backup) => actions(backup) },
      ]}
    />
  );
}
