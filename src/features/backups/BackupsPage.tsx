import { DeleteOutlined, DownloadOutlined, LockFilled, PlusOutlined, RollbackOutlined, UnlockOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Popconfirm, Progress, Skeleton, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { apiErrorMessage } from '../../api/apiError';
import {
  useDeleteServerBackupMutation,
  useGetServerBackupDownloadMutation,
  useListServerBackupsQuery,
  useLockServerBackupMutation,
  useUpdateServerBackupSettingsMutation,
  type Backup,
} from '../../api/backups';
import { useServerSocket } from '../../api/serverSocket';
import { useGetServerQuery } from '../../api/servers';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../core/session/sessionSlice';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { formatBytes } from '../../components/server/formatBytes';
import { StatusResult } from '../../components/StatusResult';
import { OnceOpened } from '../../components/OnceOpened';
import { formatDateTime } from './formatDateTime';

// The dialogs load when first opened: with them come antd's Modal and Form, which the list does not need.
const CreateBackupDialog = lazy(() => import('./CreateBackupDialog').then((m) => ({ default: m.CreateBackupDialog })));
const RestoreDialog = lazy(() => import('./RestoreDialog').then((m) => ({ default: m.RestoreDialog })));

/** Starts the browser's download of a URL, as a click on a download link does. */
function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * /server/{id}/backups: the server's backups with their state (and live progress from the console
 * socket), size, date, short checksum and lock; create, download, lock, restore and delete.
 */
export function BackupsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const user = useAppSelector(selectCurrentUser);
  useClearValidationOnLeave();
  const server = useGetServerQuery({ id });
  const permissions = server.data?.data.permissions ?? [];
  const canRead = permissions.includes('backup.read');
  const live = useServerSocket(server.data && canRead ? id : undefined);
  const anyRunning = (list: Backup[] | undefined) => (list ?? []).some((backup) => backup.state === 'running');
  const backups = useListServerBackupsQuery({ id }, { skip: !canRead });
  // While a backup runs, the list is fetched again until it ends (the socket shows the progress in between).
  useListServerBackupsQuery({ id }, { skip: !canRead || !anyRunning(backups.data?.data), pollingInterval: 2000 });
  const [creating, setCreating] = useState(false);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [remove, removal] = useDeleteServerBackupMutation();
  const [lock] = useLockServerBackupMutation();
  const [settings] = useUpdateServerBackupSettingsMutation();
  const [download] = useGetServerBackupDownloadMutation();
  const title = t('backups.title', 'Backups');

  if (server.data && !canRead) {
    return (
      <ServerPageSection title={title}>
        <StatusResult status="403" title={t('backups.forbidden', 'You may not see the backups of this server.')} />
      </ServerPageSection>
    );
  }
  if (!server.data || !backups.data) {
    const failed = server.error ?? backups.error;
    return (
      <ServerPageSection title={title}>
        {failed ? <ServerLoadFailure error={failed} onRetry={() => void (server.data ? backups.refetch() : server.refetch())} /> : <Skeleton active paragraph={{ rows: 6 }} />}
      </ServerPageSection>
    );
  }

  const { data: list, meta } = backups.data;
  const can = (key: string) => permissions.includes(key);
  const counted = list.filter((backup) => backup.state !== 'failed').length;
  const offline = (live.state ?? server.data.data.state) === 'offline';
  const when = (iso: string) => formatDateTime(iso, i18n.language, user?.time_format ?? 24);

  const stateCell = (backup: Backup) => {
    const progress = live.backups?.[backup.uuid];
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
  };

  return (
    <ServerPageSection
      title={title}
      badge={<Typography.Text type="secondary">{t('backups.count', '{{count}} of {{limit}}', { count: counted, limit: meta.limit })}</Typography.Text>}
      actions={
        can('backup.create') ? (
          <Button type="primary" icon={<PlusOutlined />} disabled={meta.limit === 0} onClick={() => setCreating(true)}>
            {t('backups.create.open', 'Create backup')}
          </Button>
        ) : undefined
      }
    >
      {meta.limit === 0 && <Alert type="info" showIcon title={t('backups.noneInPlan', 'The plan of this server includes no backups.')} />}
      {removal.error ? <Alert type="error" showIcon title={apiErrorMessage(removal.error) ?? t('backups.deleteFailed', 'The backup could not be deleted.')} /> : null}
      {/* A flex row whose label wraps: on a phone the long label must not push the page wider than the screen. */}
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12 }}>
        <Switch id="backups-rotate" checked={meta.rotate} disabled={!can('backup.delete')} onChange={(rotate) => void settings({ id, body: { rotate } })} />
        <label htmlFor="backups-rotate" style={{ minWidth: 0, flex: 1 }}>
          {t('backups.rotate', 'When the limit is reached, replace the oldest unlocked backup')}
        </label>
      </div>
      <ResponsiveTable<Backup>
        rowKey="uuid"
        rowLabel={(backup) => backup.name}
        dataSource={list}
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
          { title: t('backups.column.state', 'State'), key: 'state', render: (_, backup) => stateCell(backup) },
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
          {
            title: t('backups.column.actions', 'Actions'),
            key: 'actions',
            render: (_, backup) => {
              const done = backup.state === 'completed';
              return (
                <Space wrap>
                  {can('backup.download') && done && (
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      onClick={() =>
                        void download({ id, backup: backup.uuid }).then((result) => {
                          if ('data' in result && result.data) startDownload(result.data.data.download_url);
                        })
                      }
                    >
                      {t('backups.download', 'Download')}
                    </Button>
                  )}
                  {can('backup.restore') && done && (
                    <Button size="small" icon={<RollbackOutlined />} onClick={() => setRestoring(backup)}>
                      {t('backups.restore.open', 'Restore')}
                    </Button>
                  )}
                  {can('backup.lock') && (
                    <Button size="small" icon={backup.locked ? <UnlockOutlined /> : <LockFilled />} onClick={() => void lock({ id, backup: backup.uuid, body: { locked: !backup.locked } })}>
                      {backup.locked ? t('backups.unlock', 'Unlock') : t('backups.lock', 'Lock')}
                    </Button>
                  )}
                  {can('backup.delete') && !backup.locked && (
                    <Popconfirm
                      title={t('backups.deleteConfirm', 'Delete this backup? Its archive is removed for good.')}
                      okText={t('backups.delete', 'Delete')}
                      cancelText={t('backups.cancel', 'Cancel')}
                      onConfirm={() => void remove({ id, backup: backup.uuid })}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />}>
                        {t('backups.delete', 'Delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      <OnceOpened open={creating}>
        <CreateBackupDialog serverId={id} open={creating} canLock={can('backup.lock')} onClose={() => setCreating(false)} />
      </OnceOpened>
      <OnceOpened open={restoring !== null}>
        <RestoreDialog serverId={id} backup={restoring} offline={offline} canStop={can('control.stop')} canStart={can('control.start')} onClose={() => setRestoring(null)} />
      </OnceOpened>
    </ServerPageSection>
  );
}
