import { Empty, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useListServerConfigFilesQuery } from '../../api/config';
import { useGetServerQuery } from '../../api/servers';
import { useAppSelector } from '../../app/hooks';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { selectCurrentUser } from '../../core/session/sessionSlice';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { PlainTabs } from '../../components/PlainTabs';
import { StatusResult } from '../../components/StatusResult';
import { ConfigFileView } from './ConfigFileView';
import { PlainSkeleton } from '../../components/PlainSkeleton';

// The Startup tab (a Select of images, a Popconfirm before reinstalling) loads when it is opened:
// the config page opens on the files.
const StartupPanel = lazy(() => import('./startup/StartupPanel').then((m) => ({ default: m.StartupPanel })));

/**
 * /server/{id}/config: the game's config files (server.properties for Minecraft) as forms with a
 * raw editor beside them. Which files exist and which keys they have comes from the server's template.
 * Unsaved edits of the shown file are guarded: leaving the page or opening another file's tab asks first.
 */
export function ConfigPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const user = useAppSelector(selectCurrentUser);
  useClearValidationOnLeave();
  const server = useGetServerQuery({ id });
  const canRead = server.data?.data.permissions.includes('config.read') ?? false;
  const files = useListServerConfigFilesQuery({ id }, { skip: !canRead });
  const [area, setArea] = useState<'files' | 'startup'>('files');
  const [selected, setSelected] = useState<string | null>(null);
  // Only the shown file can have unsaved edits (the other tabs are not mounted), so one guard covers the page.
  const [dirty, setDirty] = useState(false);
  const { contextHolder, confirmDiscard } = useUnsavedChangesGuard(dirty);
  const title = t('config.title', 'Configuration');

  const failed = server.error ?? files.error;
  const canReadStartup = server.data?.data.permissions.includes('startup.read') ?? false;
  if (server.data && !canRead && !canReadStartup) {
    return (
      <ServerPageSection title={title}>
        <StatusResult status="403" title={t('config.forbidden', 'You may not see the configuration of this server.')} />
      </ServerPageSection>
    );
  }
  if (!server.data || (canRead && !files.data)) {
    return (
      <ServerPageSection title={title}>
        {failed ? <ServerLoadFailure error={failed} onRetry={() => void (server.data ? files.refetch() : server.refetch())} /> : <PlainSkeleton rows={8} />}
      </ServerPageSection>
    );
  }

  const permissions = server.data.data.permissions;
  const list = files.data?.data ?? [];
  const view = (path: string) => (
    <ConfigFileView
      key={path}
      serverId={id}
      path={path}
      canEdit={permissions.includes('config.update')}
      canRestart={permissions.includes('control.restart')}
      confirmRestart={user?.restart_confirmation ?? true}
      onDirtyChange={setDirty}
    />
  );

  const fileArea = (
    <>
      {list.length === 0 ? (
        <Empty description={t('config.none', 'This game has no configuration files the panel can edit.')} />
      ) : list.length === 1 ? (
        view(list[0].path)
      ) : (
        <PlainTabs
          activeKey={selected ?? list[0].path}
          // Another tab asks like leaving the page, rather than keeping hidden tabs' edits alive: a
          // tab loads its file afresh when shown (the files area or the game may have changed it),
          // and the server's messages are matched to a form by key, so one form at a time keeps
          // them under the right file. Keep editing stays on the tab with the edits as they are.
          onChange={(next) => confirmDiscard(() => setSelected(next), t('config.switchUnsaved', 'Your changes to this file are not saved. They are lost if you open another file now.'))}
          items={list.map((file) => ({
            key: file.path,
            label: file.title,
            children: view(file.path),
          }))}
        />
      )}
    </>
  );

  return (
    <ServerPageSection title={title}>
      {contextHolder}
      <PlainTabs
        activeKey={canRead ? area : 'startup'}
        onChange={(next) =>
          confirmDiscard(() => setArea(next as 'files' | 'startup'), t('config.switchUnsaved', 'Your changes to this file are not saved. They are lost if you open another file now.'))
        }
        items={[
          ...(canRead ? [{ key: 'files', label: t('config.filesTab', 'Files'), children: fileArea }] : []),
          ...(canReadStartup
            ? [
                {
                  key: 'startup',
                  label: t('startup.title', 'Startup'),
                  children: (
                    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                      <StartupPanel serverId={id} permissions={permissions} />
                    </Suspense>
                  ),
                },
              ]
            : []),
        ]}
      />
    </ServerPageSection>
  );
}
