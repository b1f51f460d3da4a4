import { Alert } from 'antd';
import { lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useGetServerModpacksQuery, useInstallServerModpackMutation } from '../../api/modpacks';
import { useGetServerQuery } from '../../api/servers';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { serverAreaGate } from '../../widgets/server/serverAreaGate';
import { SwitchJobProgress } from '../../components/server/SwitchJobProgress';
import { OnceOpened } from '../../components/OnceOpened';
import { SoftwareSwitchHint } from '../../widgets/server/SoftwareSwitchHint';
import { InstalledModpackCard } from './sections/InstalledModpackCard';
import { ModpackBrowser } from './sections/ModpackBrowser';
import { ModpackFileCard } from './sections/ModpackFileCard';
import { modpackErrorText, type PendingInstall } from './sections/modpackInstall';

// The install question loads when first asked: with it come antd's Modal and Radio, which the page does not need before.
const ModpackInstallDialog = lazy(() => import('./ModpackInstallDialog').then((m) => ({ default: m.ModpackInstallDialog })));

/**
 * /server/{id}/modpacks: the installed modpack and its version (with the update on offer), the
 * install job's progress, Modrinth's modpacks to browse with their versions, and an .mrpack of
 * the server's files to install. An install asks whether to keep the world or start a new one.
 */
export function ModpacksPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useClearValidationOnLeave();
  const server = useGetServerQuery({ id });
  const permissions = server.data?.data.permissions ?? [];
  const canRead = permissions.includes('modpacks.read');
  const canInstall = permissions.includes('modpacks.install');
  const overview = useGetServerModpacksQuery({ id }, { skip: !canRead });
  const running = overview.data?.data.job?.state === 'running';
  useGetServerModpacksQuery({ id }, { skip: !canRead || !running, pollingInterval: 1000 });
  // A server that cannot run modpacks is offered no search (it could only lead to a refused install).
  const supported = overview.data?.data.supported === true;
  const [pending, setPending] = useState<PendingInstall | null>(null);
  const [keepWorld, setKeepWorld] = useState(true);
  const [install, installing] = useInstallServerModpackMutation();
  // When the job ends, the installed pack changes: fetch the overview again.
  const wasRunning = useRef(false);
  const { refetch } = overview;
  useEffect(() => {
    if (wasRunning.current && !running && canRead) void refetch();
    wasRunning.current = running;
  }, [running, canRead, refetch]);
  const title = t('modpacks.title', 'Modpacks');

  const gate = serverAreaGate({ title, canRead, forbidden: t('modpacks.forbidden', 'You may not see the modpacks of this server.'), server, overview });
  if (gate || !overview.data) return gate;

  const data = overview.data.data;
  const allowed = canInstall && supported && !running;
  const confirm = () => {
    if (!pending) return;
    const body = pending.kind === 'modrinth' ? { project_id: pending.projectId, version_id: pending.versionId, keep_world: keepWorld } : { file: pending.file, keep_world: keepWorld };
    setPending(null);
    void install({ id, body });
  };

  return (
    <ServerPageSection title={title}>
      <InstalledModpackCard installed={data.installed} update={data.update} allowed={allowed} onInstall={setPending} />
      {!supported ? (
        <Alert
          type="info"
          showIcon
          title={t('modpacks.unsupported', 'This server’s software cannot run modpacks: they need Fabric, Forge or NeoForge. Switching reinstalls the server after a backup.')}
          action={<SoftwareSwitchHint serverId={id} wants={['modpacks']} permissions={permissions} />}
        />
      ) : null}
      {data.job ? <SwitchJobProgress job={data.job} /> : null}
      {installing.error ? <Alert type="error" showIcon title={modpackErrorText(t, installing.error, t('modpacks.installFailed', 'The install could not be started.'))} /> : null}

      {supported ? (
        <>
          <ModpackBrowser serverId={id} installedVersionId={data.installed?.version_id ?? null} allowed={allowed} onInstall={setPending} />
          <ModpackFileCard allowed={allowed} onInstall={setPending} />
        </>
      ) : null}

      <OnceOpened open={pending !== null}>
        <ModpackInstallDialog label={pending?.label ?? null} keepWorld={keepWorld} onKeepWorld={setKeepWorld} onConfirm={confirm} onCancel={() => setPending(null)} />
      </OnceOpened>
    </ServerPageSection>
  );
}
