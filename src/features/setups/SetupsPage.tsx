import { Alert, Button, Checkbox, Flex, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { apiErrorMessage } from '../../api/apiError';
import { useGetServerQuery } from '../../api/servers';
import { useApplyServerSetupMutation, useGetServerVersionJobQuery, useListServerSetupsQuery, usePreviewServerSetupQuery, type Setup } from '../../api/versions';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { PanelCard } from '../../components/PanelCard';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { SwitchJobProgress } from '../../components/server/SwitchJobProgress';
import { StatusResult } from '../../components/StatusResult';
import { PlainSkeleton } from '../../components/PlainSkeleton';

/**
 * /server/{id}/setups: ready-made setups for the server's game. Choosing one previews exactly
 * what changes (software, each config key old → new, the plugins or mods installed, files);
 * applying it (keeping or resetting the world) runs as a job with a backup first. A setup whose
 * extensions cannot be resolved now says which, and cannot be applied.
 */
export function SetupsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useClearValidationOnLeave();
  const server = useGetServerQuery({ id });
  const permissions = server.data?.data.permissions ?? [];
  const canRead = permissions.includes('setups.read');
  const list = useListServerSetupsQuery({ id }, { skip: !canRead });
  // The previewed setup is in the address (?preview=<id>): Back closes it, a link opens it, and
  // the support replay shows the same preview the customer saw.
  const [searchParams, setSearchParams] = useSearchParams();
  const previewed = searchParams.get('preview');
  const preview = usePreviewServerSetupQuery({ id, setup: previewed ?? '' }, { skip: !canRead || !previewed });
  // null: the setup's own suggestion, until the customer ticks or unticks the box.
  const [resetWorldChoice, setResetWorld] = useState<boolean | null>(null);
  const job = useGetServerVersionJobQuery({ id }, { skip: !canRead });
  const running = job.data?.data?.state === 'running';
  useGetServerVersionJobQuery({ id }, { skip: !canRead || !running, pollingInterval: 1000 });
  const [apply, applying] = useApplyServerSetupMutation();
  const title = t('setups.title', 'Setups');

  if (server.data && !canRead) {
    return (
      <ServerPageSection title={title}>
        <StatusResult status="403" title={t('setups.forbidden', 'You may not see the setups of this server.')} />
      </ServerPageSection>
    );
  }
  if (!server.data || !list.data) {
    const failed = server.error ?? list.error;
    return (
      <ServerPageSection title={title}>
        {failed ? <ServerLoadFailure error={failed} onRetry={() => void (server.data ? list.refetch() : server.refetch())} /> : <PlainSkeleton rows={6} />}
      </ServerPageSection>
    );
  }

  const choose = (setup: Setup) => {
    setResetWorld(null);
    setSearchParams({ preview: setup.id });
  };
  const selected: Setup | null = list.data.data.find((setup) => setup.id === previewed) ?? null;
  const resetWorld = resetWorldChoice ?? selected?.suggests_new_world ?? false;
  const shown = selected && preview.data?.data.setup === selected.id ? preview.data.data : null;
  const previewTitle = selected ? t('setups.previewTitle', 'What {{name}} changes', { name: selected.name }) : '';
  const canApply = permissions.includes('setups.apply') && !running && shown !== null && shown.unresolved.length === 0;

  return (
    <ServerPageSection title={title}>
      {job.data?.data?.kind === 'setup' ? <SwitchJobProgress job={job.data.data} /> : null}
      {list.data.data.length === 0 ? <Typography.Text type="secondary">{t('setups.none', 'There are no setups for this game yet.')}</Typography.Text> : null}
      <Flex wrap gap={12}>
        {list.data.data.map((setup) => (
          <PanelCard key={setup.id} size="small" title={setup.name} label={setup.name} style={{ width: 300, maxWidth: '100%' }}>
            <Typography.Paragraph>{setup.description}</Typography.Paragraph>
            {setup.available ? (
              <Button onClick={() => choose(setup)} aria-label={t('setups.previewOf', 'Preview {{name}}', { name: setup.name })}>
                {t('setups.preview', 'Preview')}
              </Button>
            ) : (
              <Tag>{t('setups.unavailable', 'Not available for this server')}</Tag>
            )}
          </PanelCard>
        ))}
      </Flex>
      {selected ? (
        <PanelCard title={previewTitle} label={previewTitle}>
          {preview.isFetching ? <Skeleton active /> : null}
          {preview.error ? <Alert type="error" showIcon title={apiErrorMessage(preview.error) ?? t('setups.previewFailed', 'The preview could not be made.')} /> : null}
          {shown ? (
            <>
              <Typography.Paragraph>
                {shown.software
                  ? t('setups.softwareChange', 'Software: {{from}} → {{to}}', {
                      from: shown.software.from ? `${shown.software.from.software} ${shown.software.from.version}` : '—',
                      to: `${shown.software.to.software} ${shown.software.to.version}`,
                    })
                  : t('setups.softwareKept', 'Software: unchanged')}
              </Typography.Paragraph>
              <ResponsiveTable
                size="small"
                rowKey={(row) => `${row.file}:${row.key}`}
                rowLabel={(row) => `${row.file}: ${row.key}`}
                pagination={false}
                scroll={{ x: true }}
                dataSource={shown.config}
                locale={{ emptyText: t('setups.nothingChanges', 'No config value changes.') }}
                columns={[
                  { title: t('setups.column.file', 'File'), dataIndex: 'file' },
                  { title: t('setups.column.key', 'Key'), dataIndex: 'key' },
                  { title: t('setups.column.old', 'Now'), dataIndex: 'old', render: (value: string | null) => value ?? '—' },
                  { title: t('setups.column.new', 'After'), dataIndex: 'new' },
                ]}
              />
              {shown.extensions.length > 0 ? (
                <>
                  <Typography.Title level={5} style={{ marginTop: 12 }}>
                    {t('setups.extensionsTitle', 'Installed into {{folder}}/ (each file hash-verified)', { folder: shown.extensions_folder ?? '' })}
                  </Typography.Title>
                  <ResponsiveTable
                    size="small"
                    rowKey={(row) => `${row.provider}:${row.project_id}`}
                    rowLabel={(row) => row.name}
                    pagination={false}
                    scroll={{ x: true }}
                    dataSource={shown.extensions}
                    columns={[
                      {
                        title: t('setups.column.extension', 'Extension'),
                        dataIndex: 'name',
                        render: (name: string, row) => (
                          <>
                            {name} {row.dependency_of ? <Tag>{t('setups.neededBy', 'Needed by {{name}}', { name: row.dependency_of })}</Tag> : null}
                          </>
                        ),
                      },
                      { title: t('setups.column.version', 'Version'), dataIndex: 'version_number' },
                      { title: t('setups.column.file', 'File'), dataIndex: 'file' },
                    ]}
                  />
                </>
              ) : null}
              {shown.extensions_installed.length > 0 ? (
                <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                  {t('setups.alreadyInstalled', 'Already installed, left as they are: {{names}}', { names: shown.extensions_installed.join(', ') })}
                </Typography.Paragraph>
              ) : null}
              {shown.unresolved.length > 0 ? (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginTop: 12 }}
                  title={t('setups.unresolved', 'Some extensions cannot be installed now, so this setup cannot be applied:')}
                  description={
                    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                      {shown.unresolved.map((u) => (
                        <li key={u.extension}>{u.message}</li>
                      ))}
                    </ul>
                  }
                />
              ) : null}
              <Checkbox checked={resetWorld} onChange={(e) => setResetWorld(e.target.checked)} style={{ marginTop: 12 }}>
                {t('setups.resetWorld', 'Start a new world (the current one is kept in the backup)')}
              </Checkbox>
              {applying.error ? <Alert type="error" showIcon title={apiErrorMessage(applying.error) ?? t('setups.applyFailed', 'The setup could not be applied.')} /> : null}
              <div style={{ marginTop: 12 }}>
                <Button
                  type="primary"
                  disabled={!canApply}
                  loading={applying.isLoading}
                  onClick={() => void apply({ id, setup: selected.id, body: { reset_world: resetWorld } }).then(() => job.refetch())}
                >
                  {t('setups.apply', 'Back up and apply')}
                </Button>
              </div>
            </>
          ) : null}
        </PanelCard>
      ) : null}
    </ServerPageSection>
  );
}
