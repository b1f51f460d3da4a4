import { Alert, Button, Empty, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListServerModpackVersionsQuery, useSearchServerModpacksQuery, type ModpackSearch } from '../../../api/modpacks';
import { PlainCard } from '../../../components/PlainCard';
import { PlainSelect } from '../../../components/PlainSelect';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { modpackErrorText, type PendingInstall } from './modpackInstall';

type Hit = ModpackSearch['hits'][number];

/** Props of {@link ModpackBrowser}. */
export interface ModpackBrowserProps {
  serverId: string;
  /** The version installed now, marked in the version list. */
  installedVersionId: string | null;
  /** Whether an install may start now (permission, supported software, no job running). */
  allowed: boolean;
  onInstall: (pending: PendingInstall) => void;
}

/** Modrinth's modpacks to search, one pack's versions to choose from, and its install. */
export function ModpackBrowser({ serverId, installedVersionId, allowed, onInstall }: ModpackBrowserProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const search = useSearchServerModpacksQuery({ id: serverId, query: query.trim() || undefined, limit: 20 });
  const [project, setProject] = useState<Hit | null>(null);
  const versions = useListServerModpackVersionsQuery({ id: serverId, project: project?.id ?? '' }, { skip: !project });
  const [versionId, setVersionId] = useState<string | null>(null);
  const chosenVersion = versions.data?.data.versions.find((v) => v.id === (versionId ?? versions.data?.data.versions[0]?.id));
  const failed = t('modpacks.browse.failed', 'The modpacks could not be loaded.');
  return (
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
        {search.error ? <Alert type="error" showIcon title={modpackErrorText(t, search.error, failed)} /> : null}
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
            {versions.error ? <Alert type="error" showIcon title={modpackErrorText(t, versions.error, failed)} /> : null}
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
                {chosenVersion && installedVersionId === chosenVersion.id ? <Tag color="success">{t('modpacks.version.installed', 'Installed')}</Tag> : null}
                <Button
                  type="primary"
                  disabled={!allowed || !chosenVersion}
                  onClick={() =>
                    chosenVersion &&
                    onInstall({
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
  );
}
