import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpApiError } from '../../api/apiError';
import { useListServerActivityQuery, useListServerSubusersQuery } from '../../api/sharing';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { AccessDenied } from './AccessDenied';
import { activityQuery, type ActivityFilters } from './activityFilters';
import { AuditLogFilters } from './AuditLogFilters';
import { AuditLogTable } from './AuditLogTable';
import { downloadActivityCsv } from './downloadActivityCsv';
import { sharedPeople, useAuditLogOptions } from './useAuditLogOptions';
import { useAuditNames } from './useAuditNames';
import { useServerAccess } from './useServerAccess';
import { PlainSkeleton } from '../../components/PlainSkeleton';

/**
 * /server/{id}/sharing-audit-log: every action on the server, newest first, filtered by person,
 * event type and days, one page at a time, and exportable as CSV with the same filters.
 */
export function SharingAuditLogPage() {
  const { t } = useTranslation();
  const access = useServerAccess();
  const { id, can } = access;
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [paging, setPaging] = useState({ page: 1, perPage: 50 });
  const query = useMemo(() => activityQuery(filters), [filters]);
  const activity = useListServerActivityQuery({ id, page: paging.page, perPage: paging.perPage, ...query }, { skip: !access.server || !can('activity.read') });
  // The people it is shared with join the person filter (without user.read, the log's actors do).
  const subusers = useListServerSubusersQuery({ id }, { skip: !access.server || !can('activity.read') || !can('user.read') });
  const sharedWith = useMemo(() => sharedPeople(subusers.data?.data), [subusers.data]);
  const options = useAuditLogOptions(access.server?.owner, activity.data?.data, sharedWith);
  const names = useAuditNames(id, can, Boolean(access.server) && can('activity.read'), subusers.data?.data);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const title = t('sharing.audit.title', 'Audit log');
  if (!access.server) {
    return <ServerPageSection title={title}>{access.isLoading ? <PlainSkeleton /> : <ServerLoadFailure error={access.error} onRetry={access.refetch} />}</ServerPageSection>;
  }
  if (!can('activity.read') || (isHttpApiError(activity.error) && activity.error.status === 403)) {
    return (
      <ServerPageSection title={title}>
        <AccessDenied error={activity.error} />
      </ServerPageSection>
    );
  }

  const entries = activity.data?.data ?? [];
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadActivityCsv(id, query);
    } catch (error) {
      setExportError(error instanceof Error && error.message ? error.message : t('sharing.audit.exportFailed', 'The export failed. Try again.'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <ServerPageSection
      title={title}
      actions={
        <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={exportCsv}>
          {t('sharing.audit.export', 'Export CSV')}
        </Button>
      }
    >
      {exportError ? (
        <Alert type="error" showIcon closable title={t('sharing.audit.exportFailedTitle', 'The audit log could not be exported')} description={exportError} onClose={() => setExportError(null)} />
      ) : null}
      <AuditLogFilters
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPaging((current) => ({ ...current, page: 1 }));
        }}
        people={options.people}
        events={options.events}
      />
      {activity.error && !isHttpApiError(activity.error) ? (
        <Alert
          type="error"
          showIcon
          title={t('sharing.audit.loadFailed', 'The audit log could not be loaded.')}
          action={
            <Button size="small" onClick={activity.refetch}>
              {t('sharing.retry', 'Try again')}
            </Button>
          }
        />
      ) : null}
      <AuditLogTable
        entries={entries}
        loading={activity.isFetching}
        page={paging.page}
        perPage={paging.perPage}
        total={activity.data?.meta.total ?? 0}
        onPageChange={(page, perPage) => setPaging({ page: perPage === paging.perPage ? page : 1, perPage })}
        names={names}
      />
    </ServerPageSection>
  );
}
