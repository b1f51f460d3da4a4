import { Alert, Button, Descriptions, Empty, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { PlainCard } from '../../components/PlainCard';
import { lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { apiErrorMessage, isUpstreamFailure } from '../../api/apiError';
import { useGetServerModpacksQuery, useInstallServerModpackMutation, useListServerModpackVersionsQuery, useSearchServerModpacksQuery, type ModpackSearch } from '../../api/modpacks';
import { useGetServerQuery } from '../../api/servers';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { PlainSelect } from '../../components/PlainSelect';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { serverAreaGate } from '../../widgets/server/serverAreaGate';
import { SwitchJobProgress } from '../../components/server/SwitchJobProgress';
import { OnceOpened } from '../../components/OnceOpened';
import { SoftwareSwitchHint } from '../../widgets/server/SoftwareSwitchHint';

// The install question loads when first asked: with it come antd's Modal and Radio, which the page does not need before.
const ModpackInstallDialog = lazy(() => import('./ModpackInstallDialog').then((m) => ({ default: m.ModpackInstallDialog })));

type Hit = ModpackSearch['hits'][number];
/** An example path (a path, not words to translate). */
const EXAMPLE_PATH = '/modpacks/pack.mrpack';
/** What the install dialog is about to install. */
type Pending = { kind: 'modrinth'; projectId: string; versionId: string; label: string } | { kind: 'file'; file: string; label: string };

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
  const [query, setQuery] = useState('');
  // A server that cannot run modpacks is offered no search (it could only lead to a refused install).
  const supported = overview.data?.data.supported === true;
  const search = useSearchServerModpacksQuery({ id, query: query.trim() || undefined, limit: 20 }, { skip: !canRead || !supported });
  const [project, setProject] = useState<Hit | null>(null);
  const versions = useListServerModpackVersionsQuery({ id, project: project?.id ?? '' }, { skip: !canRead || !project });
  const [versionId, setVersionId] = useState<string | null>(null);
  const [file, setFile] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
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
  const installed = data.installed;
  const allowed = canInstall && supported && !running;
  const chosenVersion = versions.data?.data.versions.find((v) => v.id === (versionId ?? versions.data?.data.versions[0]?.id));
  const confirm = () => {
    if (!pending) return;
    const body =
      pending.kind === 'modrinth'
        ? {
            project_id: pending.projectId,
            version_id: pending.versionId,
            keep_world: keepWorld,
          }
        : { file: pending.file, keep_world: keepWorld };
    setPending(null);
    void install({ id, body });
  };

  return (
    <ServerPageSection title={title}>
      <PlainCard size="small" title={t('modpacks.installed.title', 'Installed modpack')}>
        {installed ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
              <Descriptions.Item label={t('modpacks.installed.name', 'Modpack')}>{installed.name}</Descriptions.Item>
              <Descriptions.Item label={t('modpacks.installed.version', 'Version')}>{installed.version_number}</Descriptions.Item>
              <Descriptions.Item label={t('modpacks.installed.minecraft', 'Minecraft')}>{installed.minecraft}</Descriptions.Item>
              <Descriptions.Item label={t('modpacks.installed.loader', 'Loader')}>
                {installed.loader ? `${installed.loader} ${installed.loader_version ?? ''}`.trim() : t('modpacks.installed.vanilla', 'none (vanilla)')}
              </Descriptions.Item>
              <Descriptions.Item label={t('modpacks.installed.files', 'Files')}>{installed.files}</Descriptions.Item>
              <Descriptions.Item label={t('modpacks.installed.source', 'Source')}>
                {installed.source === 'modrinth' ? 'Modrinth' : t('modpacks.installed.fromFile', 'an .mrpack file')}
              </Descriptions.Item>
            </Descriptions>
            {data.update ? (
              <Alert
                type="info"
                showIcon
                title={t('modpacks.update.available', 'Version {{version}} is available.', { version: data.update.version_number })}
                action={
                  <Button
                    size="small"
                    disabled={!allowed}
                    onClick={() =>
                      setPending({
                        kind: 'modrinth',
                        projectId: installed.project_id ?? '',
                        versionId: data.update!.version_id,
                        label: `${installed.name} ${data.update!.version_number}`,
                      })
                    }
                  >
                    {t('modpacks.update.install', 'Update')}
                  </Button>
                }
              />
            ) : null}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('modpacks.installed.none', 'No modpack is installed on this server.')}</Typography.Text>
        )}
      </PlainCard>
      {!supported ? (
        <Alert
          type="info"
          showIcon
          title={t('modpacks.unsupported', 'This server’s software cannot run modpacks: they need Fabric, Forge or NeoForge. Switching reinstalls the server after a backup.')}
          action={<SoftwareSwitchHint serverId={id} wants={['modpacks']} permissions={permissions} />}
        />
      ) : null}
      {data.job ? <SwitchJobProgress job={data.job} /> : null}
      {installing.error ? (
        <Alert
          type="error"
          showIcon
          title={
            isUpstreamFailure(installing.error)
              ? t('modpacks.catalogueUnreachable', 'The modpack catalogue could not be reached. Try again later.')
              : (apiErrorMessage(installing.error) ?? t('modpacks.installFailed', 'The install could not be started.'))
          }
        />
      ) : null}

      {supported ? (
        <>
          <PlainCard size="small" title={t('modpacks.browse.title', 'Browse modpacks')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Input.Search
                aria-label={t('modpacks.browse.search', 'Search modpacks')}
                placeholder={t('modpacks.browse.search', 'Search modpacks')}
                allowClear
                onSearch={setQuery}
                onChange={(e) => !e.target.value && setQuery('')}
                style={{ maxWidth: 360 }}
              />
              {search.data?.data.sources
                .filter((s) => !s.available)
                .map((s) => (
                  <Typography.Text key={s.id} type="secondary">
                    {t('modpacks.browse.unavailable', '{{name}}: not available here.', { name: s.name })}
                  </Typography.Text>
                ))}
              {search.error ? (
                <Alert
                  type="error"
                  showIcon
                  title={
                    isUpstreamFailure(search.error)
                      ? t('modpacks.catalogueUnreachable', 'The modpack catalogue could not be reached. Try again later.')
                      : (apiErrorMessage(search.error) ?? t('modpacks.browse.failed', 'The modpacks could not be loaded.'))
                  }
                />
              ) : null}
              <ResponsiveTable<Hit>
                rowKey="id"
                rowLabel={(row) => row.title}
                loading={search.isFetching}
                dataSource={search.data?.data.hits ?? []}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                locale={{
                  emptyText: <Empty description={t('modpacks.browse.empty', 'No modpacks match.')} />,
                }}
                columns={[
                  {
                    title: t('modpacks.column.name', 'Modpack'),
                    key: 'title',
                    render: (_: unknown, row: Hit) => (
                      <Space direction="vertical" size={0}>
                        <Typography.Text strong>{row.title}</Typography.Text>
                        <Typography.Text type="secondary">{row.description}</Typography.Text>
                      </Space>
                    ),
                  },
                  {
                    title: t('modpacks.column.versions', 'Minecraft'),
                    key: 'mc',
                    render: (_: unknown, row: Hit) => row.game_versions.slice(-3).join(', '),
                  },
                  {
                    title: t('modpacks.column.actions', 'Actions'),
                    key: 'actions',
                    render: (_: unknown, row: Hit) => (
                      <Button
                        size="small"
                        type={project?.id === row.id ? 'primary' : 'default'}
                        onClick={() => {
                          setProject(row);
                          setVersionId(null);
                        }}
                        aria-label={t('modpacks.browse.choose', 'Versions of {{name}}', { name: row.title })}
                      >
                        {t('modpacks.browse.versions', 'Versions')}
                      </Button>
                    ),
                  },
                ]}
              />
              {project ? (
                <PlainCard size="small" type="inner" title={project.title}>
                  {versions.error ? (
                    <Alert
                      type="error"
                      showIcon
                      title={
                        isUpstreamFailure(versions.error)
                          ? t('modpacks.catalogueUnreachable', 'The modpack catalogue could not be reached. Try again later.')
                          : (apiErrorMessage(versions.error) ?? t('modpacks.browse.failed', 'The modpacks could not be loaded.'))
                      }
                    />
                  ) : null}
                  {versions.isFetching ? <Skeleton active paragraph={{ rows: 1 }} /> : null}
                  {versions.data ? (
                    <Space wrap>
                      <PlainSelect
                        aria-label={t('modpacks.version.choose', 'Modpack version')}
                        style={{ minWidth: 240, maxWidth: '100%' }}
                        value={chosenVersion?.id}
                        onChange={(value) => setVersionId(value)}
                        options={versions.data.data.versions.map((v) => ({
                          value: v.id,
                          label: `${v.version_number} · ${v.loaders.join(', ')} · ${v.game_versions.join(', ')}`,
                        }))}
                      />
                      {chosenVersion && installed?.version_id === chosenVersion.id ? <Tag color="success">{t('modpacks.version.installed', 'Installed')}</Tag> : null}
                      <Button
                        type="primary"
                        disabled={!allowed || !chosenVersion}
                        onClick={() =>
                          chosenVersion &&
                          setPending({
                            kind: 'modrinth',
                            projectId: project.id,
                            versionId: chosenVersion.id,
                            label: `${project.title} ${chosenVersion.version_number}`,
                          })
                        }
                      >
                        {t('modpacks.install', 'Install')}
                      </Button>
                    </Space>
                  ) : null}
                </PlainCard>
              ) : null}
            </Space>
          </PlainCard>

          <PlainCard size="small" title={t('modpacks.file.title', 'Install an .mrpack from the server’s files')}>
            <Space wrap style={{ width: '100%' }}>
              <Input
                aria-label={t('modpacks.file.path', 'Path of the .mrpack file')}
                placeholder={EXAMPLE_PATH}
                value={file}
                onChange={(e) => setFile(e.target.value)}
                style={{ minWidth: 240, maxWidth: 420 }}
              />
              <Button
                disabled={!allowed || !file.trim()}
                onClick={() =>
                  setPending({
                    kind: 'file',
                    file: file.trim(),
                    label: file.trim(),
                  })
                }
              >
                {t('modpacks.install', 'Install')}
              </Button>
            </Space>
          </PlainCard>
        </>
      ) : null}

      <OnceOpened open={pending !== null}>
        <ModpackInstallDialog label={pending?.label ?? null} keepWorld={keepWorld} onKeepWorld={setKeepWorld} onConfirm={confirm} onCancel={() => setPending(null)} />
      </OnceOpened>
    </ServerPageSection>
  );
}
