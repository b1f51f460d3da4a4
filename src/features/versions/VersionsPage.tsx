import { Alert, Button, Empty, Input, Popconfirm, Segmented, Space, Tag, Typography } from 'antd';
import { PlainCard } from '../../components/PlainCard';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { apiErrorMessage, isUpstreamFailure } from '../../api/apiError';
import { useGetServerQuery } from '../../api/servers';
import { useGetServerVersionJobQuery, useGetServerVersionsQuery, useListServerSoftwareVersionsQuery, useSwitchServerVersionMutation, type SoftwareVersions } from '../../api/versions';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { PlainSelect } from '../../components/PlainSelect';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { serverAreaGate } from '../../widgets/server/serverAreaGate';
import { SwitchJobProgress } from '../../components/server/SwitchJobProgress';
import { ReinstallWarning } from './ReinstallWarning';

type VersionRow = SoftwareVersions['versions'][number];

/**
 * /server/{id}/minecraft/versions: the software and version the server runs, the versions of each
 * software from the catalogue (release/snapshot, search) with downgrade and Java warnings, and a
 * switch that runs as a job (its progress shown until it ends).
 */
export function VersionsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useClearValidationOnLeave();
  const server = useGetServerQuery({ id });
  const permissions = server.data?.data.permissions ?? [];
  const canRead = permissions.includes('versions.read');
  const overview = useGetServerVersionsQuery({ id }, { skip: !canRead });
  // Other pages lead here with the software that fits (?software=paper).
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<string | null>(params.get('software'));
  const [type, setType] = useState<'release' | 'snapshot'>('release');
  const [search, setSearch] = useState('');
  const current = overview.data?.data.current ?? null;
  // Only what this server can switch to on this host is offered: nothing that could only fail.
  const offered = (overview.data?.data.software ?? []).filter((s) => s.switchable && !s.unavailable);
  const software = [chosen, current?.software].find((id) => offered.some((s) => s.id === id)) ?? offered[0]?.id ?? null;
  const versions = useListServerSoftwareVersionsQuery({ id, software: software ?? '', type, search: search.trim() || undefined }, { skip: !canRead || !software });
  const job = useGetServerVersionJobQuery({ id }, { skip: !canRead });
  const running = (job.data?.data ?? overview.data?.data.job)?.state === 'running';
  useGetServerVersionJobQuery({ id }, { skip: !canRead || !running, pollingInterval: 1000 });
  const [switchVersion, switching] = useSwitchServerVersionMutation();
  // When a job ends, the current version and the list's flags change: fetch them again.
  const wasRunning = useRef(false);
  const { refetch: refetchOverview } = overview;
  const { refetch: refetchVersions, isUninitialized: noVersions } = versions;
  useEffect(() => {
    if (wasRunning.current && !running && canRead) {
      void refetchOverview();
      if (!noVersions) void refetchVersions();
    }
    wasRunning.current = running;
  }, [running, canRead, refetchOverview, refetchVersions, noVersions]);
  const title = t('versions.title', 'Game versions');

  const gate = serverAreaGate({ title, canRead, forbidden: t('versions.forbidden', 'You may not see the versions of this server.'), server, overview });
  if (gate || !overview.data) return gate;

  const data = overview.data.data;
  const entry = offered.find((s) => s.id === software);
  const canSwitch = permissions.includes('versions.update') && Boolean(entry) && !running;
  const noJava = data.software.filter((s) => s.switchable && s.unavailable === 'java').map((s) => s.name);
  // The catalogue's names are product names, but for the embedded server's, which says what it is.
  const nameOf = (s: { id?: string; software?: string; name: string }) => ((s.id ?? s.software) === 'flying-squid' ? t('versions.embeddedName', 'flying-squid (embedded)') : s.name);
  const lastJob = job.data?.data ?? data.job;
  const doSwitch = (row: VersionRow) => void switchVersion({ id, body: { software: software!, version: row.id } }).then(() => job.refetch());

  return (
    <ServerPageSection title={title}>
      <PlainCard size="small">
        {current ? (
          <Typography.Text>{t('versions.current', 'This server runs {{name}} {{version}}.', { name: nameOf(current), version: current.version })}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('versions.noCatalogue', 'This game has no software catalogue.')}</Typography.Text>
        )}
      </PlainCard>
      {lastJob ? <SwitchJobProgress job={lastJob} /> : null}
      {noJava.length > 0 ? <Alert type="info" showIcon title={t('versions.noJava', 'This host has no Java, so {{names}} cannot run here.', { names: noJava.join(', ') })} /> : null}
      {switching.error ? (
        <Alert
          type="error"
          showIcon
          title={
            isUpstreamFailure(switching.error)
              ? t('versions.catalogueUnreachable', 'The software catalogue could not be reached. Try again later.')
              : (apiErrorMessage(switching.error) ?? t('versions.switchFailed', 'The switch could not be started.'))
          }
        />
      ) : null}
      <Space wrap>
        <PlainSelect
          aria-label={t('versions.software', 'Software')}
          value={software ?? undefined}
          style={{ minWidth: 200 }}
          onChange={(value) => setChosen(value)}
          options={offered.map((s) => ({ value: s.id, label: s.reinstall ? t('versions.reinstallOption', '{{name}} (reinstall)', { name: nameOf(s) }) : nameOf(s) }))}
        />
        <Segmented
          aria-label={t('versions.type', 'Version type')}
          value={type}
          onChange={(value) => setType(value as 'release' | 'snapshot')}
          options={[
            { value: 'release', label: t('versions.releases', 'Releases') },
            { value: 'snapshot', label: t('versions.snapshots', 'Snapshots') },
          ]}
        />
        <Input.Search
          aria-label={t('versions.search', 'Search versions')}
          placeholder={t('versions.search', 'Search versions')}
          allowClear
          onSearch={setSearch}
          onChange={(e) => !e.target.value && setSearch('')}
          style={{ maxWidth: 240 }}
        />
      </Space>
      {versions.data?.data.stale_since ? <Alert type="warning" showIcon title={t('versions.stale', 'The catalogue cannot be reached; this list comes from the cache.')} /> : null}
      {versions.error ? (
        <Alert
          type="error"
          showIcon
          title={
            isUpstreamFailure(versions.error)
              ? t('versions.catalogueUnreachable', 'The software catalogue could not be reached. Try again later.')
              : (apiErrorMessage(versions.error) ?? t('versions.listFailed', 'The versions could not be loaded.'))
          }
        />
      ) : null}
      {versions.error ? null : (
        <ResponsiveTable<VersionRow>
          rowKey="id"
          rowLabel={(row) => row.id}
          loading={versions.isFetching}
          dataSource={versions.data?.data.versions ?? []}
          pagination={{ pageSize: 25, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty description={t('versions.empty', 'No versions match.')} /> }}
          columns={[
            { title: t('versions.column.version', 'Version'), dataIndex: 'id', key: 'id' },
            {
              title: t('versions.column.notes', 'Notes'),
              key: 'notes',
              render: (_: unknown, row: VersionRow) => (
                <Space wrap size={4}>
                  {row.current ? <Tag color="success">{t('versions.tag.current', 'Installed')}</Tag> : null}
                  {row.downgrade ? <Tag color="warning">{t('versions.tag.downgrade', 'Older: worlds may not load')}</Tag> : null}
                  {row.java_major ? <Tag color={row.java_warning ? 'error' : 'default'}>{t('versions.tag.java', 'Java {{major}}', { major: row.java_major })}</Tag> : null}
                </Space>
              ),
            },
            {
              title: t('versions.column.actions', 'Actions'),
              key: 'actions',
              render: (_: unknown, row: VersionRow) =>
                row.current ? null : (
                  <Popconfirm
                    title={
                      entry?.reinstall
                        ? t('versions.confirm.reinstallTitle', 'Reinstall as {{name}} {{version}}?', { name: entry.name, version: row.id })
                        : t('versions.confirm.title', 'Switch to {{version}}?', { version: row.id })
                    }
                    description={
                      <div style={{ maxWidth: 320 }}>
                        {entry?.reinstall ? (
                          <ReinstallWarning from={current} to={entry} version={row.id} />
                        ) : (
                          t('versions.confirm.text', 'The server stops, a backup is made, and the new software is installed keeping the world and config.')
                        )}
                        {row.downgrade ? (
                          <Alert type="warning" showIcon style={{ marginTop: 8 }} title={t('versions.confirm.downgrade', 'This is an older version: worlds saved by a newer one may not load.')} />
                        ) : null}
                        {row.java_warning ? (
                          <Alert
                            type="warning"
                            showIcon
                            style={{ marginTop: 8 }}
                            title={t('versions.confirm.java', 'This version needs Java {{major}}, which this node does not have.', { major: row.java_major })}
                          />
                        ) : null}
                      </div>
                    }
                    okText={entry?.reinstall ? t('versions.confirm.reinstallOk', 'Back up and reinstall') : t('versions.confirm.ok', 'Switch')}
                    cancelText={t('versions.confirm.cancel', 'Cancel')}
                    onConfirm={() => doSwitch(row)}
                    disabled={!canSwitch}
                  >
                    <Button size="small" disabled={!canSwitch} aria-label={t('versions.switchTo', 'Switch to {{version}}', { version: row.id })}>
                      {t('versions.switch', 'Switch')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      )}
    </ServerPageSection>
  );
}
