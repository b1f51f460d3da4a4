import { SearchOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Empty, Popconfirm, Segmented, Space, Switch, Tag, Typography } from 'antd';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { SoftwareSwitchHint } from '../../widgets/server/SoftwareSwitchHint';
import {
  useGetServerExtensionsQuery,
  useInstallServerExtensionMutation,
  usePlanServerExtensionInstallMutation,
  useRemoveServerExtensionMutation,
  useSearchServerExtensionsQuery,
  useToggleServerExtensionMutation,
  useUpdateServerExtensionMutation,
} from '../../api/extensions';
import { useGetServerQuery } from '../../api/servers';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { OnceOpened } from '../../components/OnceOpened';
import { PlainCard } from '../../components/PlainCard';
import { PlainInput } from '../../components/PlainInput';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { Pager } from '../../components/table/Pager';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { StatusResult } from '../../components/StatusResult';
import { serverAreaGate } from '../../widgets/server/serverAreaGate';
import { errorText } from './errorText';
import { ExtensionHits } from './ExtensionHits';
import { iconSrc, type Hit, type Installed, type PendingInstall, type Provider } from './extensionTypes';

// Most visits never open these: their code (antd's Drawer, Modal and List) loads on the first opening.
const ExtensionDetailsDrawer = lazy(() => import('./ExtensionDetailsDrawer').then((m) => ({ default: m.ExtensionDetailsDrawer })));
const InstallPlanDialog = lazy(() => import('./InstallPlanDialog').then((m) => ({ default: m.InstallPlanDialog })));

const PER_PAGE = 10;

/** The search text a moment after the person stopped typing (no request per key stroke). */
function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

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
  const [provider, setProvider] = useState<Provider | null>(null);
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), 350);
  const chosen = provider ?? overview.data?.data.providers[0]?.id ?? null;
  // A new search or catalogue starts at its first page.
  const searchKey = `${chosen ?? ''}|${query}`;
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const page = paging.key === searchKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: searchKey, page: next });
  const search = useSearchServerExtensionsQuery({ id, provider: chosen ?? undefined, query: query || undefined, page, perPage: PER_PAGE }, { skip: !canRead || !target || !chosen });
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
  const searchLabel = plugins ? t('extensions.searchPlugins', 'Search plugins') : t('extensions.searchMods', 'Search mods');
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

  const results = search.data?.data;
  const total = results ? (results.total ?? (results.page - 1) * PER_PAGE + results.hits.length + (results.has_more ? PER_PAGE : 0)) : 0;

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
      <ResponsiveTable<Installed>
        rowKey="file"
        rowLabel={(row) => row.name}
        dataSource={data.installed}
        loading={overview.isFetching}
        pagination={false}
        locale={{ emptyText: <Empty description={plugins ? t('extensions.noPlugins', 'No plugins installed yet.') : t('extensions.noMods', 'No mods installed yet.')} /> }}
        columns={[
          {
            title: t('extensions.column.name', 'Name'),
            key: 'name',
            render: (_: unknown, row: Installed) => (
              <Space>
                <Avatar shape="square" size="small" src={iconSrc(row.icon_url)} alt="">
                  {row.name.slice(0, 1)}
                </Avatar>
                <span>{row.name}</span>
              </Space>
            ),
          },
          { title: t('extensions.column.version', 'Version'), key: 'version', render: (_: unknown, row: Installed) => row.version_number ?? '—' },
          {
            title: t('extensions.column.status', 'Status'),
            key: 'status',
            render: (_: unknown, row: Installed) => (
              <Space wrap size={4}>
                {row.update ? <Tag color="processing">{t('extensions.tag.update', 'Update available: {{version}}', { version: row.update.version_number })}</Tag> : null}
                {!row.enabled ? <Tag>{t('extensions.tag.disabled', 'Disabled')}</Tag> : null}
                {row.recognised ? <Tag color="success">{t('extensions.tag.recognised', 'Recognised')}</Tag> : <Tag color="warning">{t('extensions.tag.unknown', 'Not in a catalogue')}</Tag>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.file}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('extensions.column.actions', 'Actions'),
            key: 'actions',
            render: (_: unknown, row: Installed) => (
              <Space wrap>
                {row.update ? (
                  <Button
                    size="small"
                    type="primary"
                    disabled={!canManage || busy}
                    loading={updating.isLoading && updating.originalArgs?.file === row.file}
                    onClick={() => void update({ id, file: row.file }).then(done)}
                  >
                    {t('extensions.update', 'Update')}
                  </Button>
                ) : null}
                <Switch
                  size="small"
                  checked={row.enabled}
                  disabled={!canManage || busy}
                  aria-label={t('extensions.enabledLabel', '{{name}} enabled', { name: row.name })}
                  onChange={(enabled) => void toggle({ id, file: row.file, body: { enabled } }).then(done)}
                />
                <Popconfirm
                  title={t('extensions.removeConfirm', 'Remove {{name}}?', { name: row.name })}
                  description={t('extensions.removeText', 'The file is deleted; its configuration folder stays.')}
                  okText={t('extensions.remove', 'Remove')}
                  cancelText={t('extensions.cancel', 'Cancel')}
                  onConfirm={() => void remove({ id, file: row.file }).then(done)}
                  disabled={!canManage || busy}
                >
                  <Button size="small" danger disabled={!canManage || busy} aria-label={t('extensions.removeLabel', 'Remove {{name}}', { name: row.name })}>
                    {t('extensions.remove', 'Remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />

      <Typography.Title level={3} style={{ marginBottom: 0 }}>
        {plugins ? t('extensions.findPlugins', 'Find plugins') : t('extensions.findMods', 'Find mods')}
      </Typography.Title>
      <Space wrap>
        {data.providers.length > 1 ? (
          <Segmented
            aria-label={t('extensions.catalogue', 'Catalogue')}
            value={chosen ?? undefined}
            onChange={(value) => setProvider(value as Provider)}
            options={data.providers.map((p) => ({ value: p.id, label: p.name }))}
          />
        ) : null}
        <PlainInput
          type="search"
          aria-label={searchLabel}
          placeholder={searchLabel}
          prefix={<SearchOutlined aria-hidden="true" />}
          clearLabel={t('extensions.clearSearch', 'Clear the search')}
          onClear={() => setText('')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          style={{ width: 320, maxWidth: '100%' }}
        />
      </Space>
      {search.error ? <Alert type="error" showIcon title={errorText(search.error, t) ?? t('extensions.searchFailed', 'The catalogue could not be searched.')} /> : null}
      <ExtensionHits
        hits={results?.hits ?? []}
        loading={search.isFetching}
        actions={(hit) => (
          <>
            <Button size="small" type="link" onClick={() => setDetails(hit)} aria-label={t('extensions.detailsLabel', 'Details of {{name}}', { name: hit.name })}>
              {t('extensions.details', 'Details')}
            </Button>
            {hit.installed ? (
              <Tag color="success">{t('extensions.tag.installed', 'Installed')}</Tag>
            ) : hit.external_url ? (
              <a href={hit.external_url} target="_blank" rel="noreferrer noopener">
                {t('extensions.external', 'Outside download')}
              </a>
            ) : (
              <Button
                size="small"
                type="primary"
                disabled={!canManage || busy}
                loading={planning.isLoading && planning.originalArgs?.body.project === hit.project_id}
                aria-label={t('extensions.installLabel', 'Install {{name}}', { name: hit.name })}
                onClick={() => void startInstall(hit)}
              >
                {t('extensions.install', 'Install')}
              </Button>
            )}
          </>
        )}
      />
      {total > PER_PAGE ? <Pager current={page} pageSize={PER_PAGE} total={total} config={{}} onChange={setPage} /> : null}

      <OnceOpened open={details !== null}>
        <ExtensionDetailsDrawer serverId={id} hit={details} onClose={() => setDetails(null)} />
      </OnceOpened>
      <OnceOpened open={pending !== null}>
        <InstallPlanDialog pending={pending} onCancel={() => setPending(null)} onConfirm={confirmInstall} />
      </OnceOpened>
    </ServerPageSection>
  );
}
