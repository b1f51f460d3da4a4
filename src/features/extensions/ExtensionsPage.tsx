import { Alert, Typography } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { SoftwareSwitchHint } from '../../widgets/server/SoftwareSwitchHint';
import {
  useGetServerExtensionsQuery,
  useInstallServerExtensionMutation,
  usePlanServerExtensionInstallMutation,
  useRemoveServerExtensionMutation,
  useToggleServerExtensionMutation,
  useUpdateServerExtensionMutation,
} from '../../api/extensions';
import { useGetServerQuery } from '../../api/servers';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { OnceOpened } from '../../components/OnceOpened';
import { PlainCard } from '../../components/PlainCard';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { StatusResult } from '../../components/StatusResult';
import { serverAreaGate } from '../../widgets/server/serverAreaGate';
import { errorText } from './errorText';
import type { Hit, PendingInstall } from './extensionTypes';
import { ExtensionSearchSection } from './sections/ExtensionSearchSection';
import { InstalledExtensionsTable } from './sections/InstalledExtensionsTable';

// Most visits never open these: their code (antd's Drawer, Modal and List) loads on the first opening.
const ExtensionDetailsDrawer = lazy(() => import('./ExtensionDetailsDrawer').then((m) => ({ default: m.ExtensionDetailsDrawer })));
const InstallPlanDialog = lazy(() => import('./InstallPlanDialog').then((m) => ({ default: m.InstallPlanDialog })));

/**
 * /server/{id}/extensions: the plugins (Paper, Spigot, Purpur, Folia) or mods (Fabric, Forge,
 * NeoForge, Quilt) that fit the server's software and version: the installed ones recognised by
 * hash, with updates, enable/disable and removal; and a search of the catalogues (Modrinth,
 * Hangar, SpiGet, CurseForge when the host set its key) to install from, dependencies included
 * after confirmation.
 */
export function ExtensionsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useClearValidationOnLeave();
  const server = useGetServerQuery({ id });
  const permissions = server.data?.data.permissions ?? [];
  const canRead = permissions.includes('extensions.read');
  const canManage = permissions.includes('extensions.manage');
  const overview = useGetServerExtensionsQuery({ id }, { skip: !canRead });
  const target = overview.data?.data.target ?? null;
  const [plan, planning] = usePlanServerExtensionInstallMutation();
  const [install, installing] = useInstallServerExtensionMutation();
  const [update, updating] = useUpdateServerExtensionMutation();
  const [toggle, toggling] = useToggleServerExtensionMutation();
  const [remove, removing] = useRemoveServerExtensionMutation();
  const [pending, setPending] = useState<PendingInstall | null>(null);
  const [changed, setChanged] = useState(false);
  const [details, setDetails] = useState<Hit | null>(null);
  const title = t('extensions.title', 'Plugins and mods');

  const gate = serverAreaGate({ title, canRead, forbidden: t('extensions.forbidden', 'You may not see the plugins and mods of this server.'), server, overview });
  if (gate || !overview.data) return gate;

  const data = overview.data.data;
  if (!target) {
    return (
      <ServerPageSection title={title}>
        <StatusResult
          status="info"
          title={
            data.software
              ? t('extensions.noneForSoftware', '{{name}} takes no plugins or mods.', { name: data.software.name })
              : t('extensions.noneForGame', 'This game takes no plugins or mods from the panel.')
          }
          subTitle={
            data.software
              ? t('extensions.switchHint', 'Plugins need Paper, Purpur, Folia or Spigot; mods need Fabric, Quilt, Forge or NeoForge. Switching reinstalls the server after a backup.')
              : undefined
          }
          extra={data.software ? <SoftwareSwitchHint serverId={id} wants={['plugins', 'mods']} permissions={permissions} /> : undefined}
        />
      </ServerPageSection>
    );
  }

  const plugins = target.kind === 'plugin';
  const busy = installing.isLoading || updating.isLoading || toggling.isLoading || removing.isLoading;
  const failure = [planning.error, installing.error, updating.error, toggling.error, removing.error].find(Boolean);
  const done = () => setChanged(true);

  const startInstall = async (hit: Hit) => {
    const result = await plan({ id, body: { provider: hit.provider, project: hit.project_id } });
    if ('data' in result && result.data) {
      const p = result.data.data;
      if (p.releases.length > 1) setPending({ hit, plan: p });
      else if (p.releases.length === 1) void install({ id, body: { provider: hit.provider, project: hit.project_id } }).then(done);
    }
  };
  const confirmInstall = (withDependencies: boolean) => {
    if (!pending) return;
    void install({ id, body: { provider: pending.hit.provider, project: pending.hit.project_id, dependencies: withDependencies } }).then(done);
    setPending(null);
  };

  return (
    <ServerPageSection title={title}>
      <PlainCard size="small">
        <Typography.Text>
          {plugins
            ? t('extensions.fitsPlugins', 'This server runs {{software}} {{version}}: plugins go into plugins/.', { software: target.software_name, version: target.game_version ?? '' })
            : t('extensions.fitsMods', 'This server runs {{software}} {{version}}: mods go into mods/.', { software: target.software_name, version: target.game_version ?? '' })}
        </Typography.Text>
      </PlainCard>
      {data.catalogue_error ? (
        <Alert type="warning" showIcon title={t('extensions.catalogueDown', 'A catalogue cannot be reached: installed files are listed, but updates cannot be checked now.')} />
      ) : null}
      {failure ? <Alert type="error" showIcon closable title={errorText(failure, t) ?? t('extensions.actionFailed', 'That did not work.')} /> : null}
      {changed ? <Alert type="info" showIcon closable onClose={() => setChanged(false)} title={t('extensions.restartHint', 'Restart the server to load the changes.')} /> : null}

      <Typography.Title level={3} style={{ marginBottom: 0 }}>
        {t('extensions.installedTitle', 'Installed')}
      </Typography.Title>
      <InstalledExtensionsTable
        installed={data.installed}
        plugins={plugins}
        loading={overview.isFetching}
        canManage={canManage}
        busy={busy}
        updatingFile={updating.isLoading ? updating.originalArgs?.file : undefined}
        onUpdate={(file) => void update({ id, file }).then(done)}
        onToggle={(file, enabled) => void toggle({ id, file, body: { enabled } }).then(done)}
        onRemove={(file) => void remove({ id, file }).then(done)}
      />

      <ExtensionSearchSection
        serverId={id}
        providers={data.providers}
        plugins={plugins}
        canManage={canManage}
        busy={busy}
        planningProject={planning.isLoading ? planning.originalArgs?.body.project : undefined}
        onInstall={(hit) => void startInstall(hit)}
        onDetails={setDetails}
      />

      <OnceOpened open={details !== null}>
        <ExtensionDetailsDrawer serverId={id} hit={details} onClose={() => setDetails(null)} />
      </OnceOpened>
      <OnceOpened open={pending !== null}>
        <InstallPlanDialog pending={pending} onCancel={() => setPending(null)} onConfirm={confirmInstall} />
      </OnceOpened>
    </ServerPageSection>
  );
}
