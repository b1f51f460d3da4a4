import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Switch, Typography } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { apiErrorMessage } from '../../api/apiError';
import { useDeleteServerBackupMutation, useListServerBackupsQuery, useUpdateServerBackupSettingsMutation, type Backup } from '../../api/backups';
import { useServerSocket } from '../../api/serverSocket';
import { useGetServerQuery } from '../../api/servers';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { StatusResult } from '../../components/StatusResult';
import { OnceOpened } from '../../components/OnceOpened';
import { BackupsTable } from './BackupsTable';
import { PlainSkeleton } from '../../components/PlainSkeleton';

// The dialogs load when first opened: with them come antd's Modal and Form, which the list does not need.
const CreateBackupDialog = lazy(() => import('./CreateBackupDialog').then((m) => ({ default: m.CreateBackupDialog })));
const RestoreDialog = lazy(() => import('./RestoreDialog').then((m) => ({ default: m.RestoreDialog })));

const anyRunning = (list: Backup[] | undefined) => (list ?? []).some((backup) => backup.state === 'running');

/**
 * /server/{id}/backups: the server's backups with their state (and live progress from the console
 * socket), size, date, short checksum and lock; create, download, lock, restore and delete.
 */
export function BackupsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useClearValidationOnLeave();
  const server = useGetServerQuery({ id });
  const permissions = server.data?.data.permissions ?? [];
  const canRead = permissions.includes('backup.read');
  const live = useServerSocket(server.data && canRead ? id : undefined);
  const backups = useListServerBackupsQuery({ id }, { skip: !canRead });
  // While a backup runs, the list is fetched again until it ends (the socket shows the progress in between).
  useListServerBackupsQuery({ id }, { skip: !canRead || !anyRunning(backups.data?.data), pollingInterval: 2000 });
  const [creating, setCreating] = useState(false);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [remove, removal] = useDeleteServerBackupMutation();
  const [settings] = useUpdateServerBackupSettingsMutation();
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
        {failed ? <ServerLoadFailure error={failed} onRetry={() => void (server.data ? backups.refetch() : server.refetch())} /> : <PlainSkeleton rows={6} />}
      </ServerPageSection>
    );
  }

  const { data: list, meta } = backups.data;
  const can = (key: string) => permissions.includes(key);
  const counted = list.filter((backup) => backup.state !== 'failed').length;
  const offline = (live.state ?? server.data.data.state) === 'offline';

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
      <BackupsTable serverId={id} backups={list} progress={live.backups} can={can} onRestore={setRestoring} onDelete={(backup) => void remove({ id, backup: backup.uuid })} />
      <OnceOpened open={creating}>
        <CreateBackupDialog serverId={id} open={creating} canLock={can('backup.lock')} onClose={() => setCreating(false)} />
      </OnceOpened>
      <OnceOpened open={restoring !== null}>
        <RestoreDialog serverId={id} backup={restoring} offline={offline} canStop={can('control.stop')} canStart={can('control.start')} onClose={() => setRestoring(null)} />
      </OnceOpened>
    </ServerPageSection>
  );
}
