import { Typography } from 'antd';
import { useDateTime } from '../../core/session/useDateTime';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/Ltr';
import { ResponsiveTable, type TableColumn } from '../../components/ResponsiveTable';
import type { ActivityEntry } from './sharingTypes';
import { auditEventSentence } from './auditEventSentence';
import { auditDetailLines } from './auditDetails';
import { AuditEntryDetails } from './AuditEntryDetails';

/** Props of {@link AuditLogTable}. */
export interface AuditLogTableProps {
  entries: readonly ActivityEntry[];
  loading: boolean;
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number, perPage: number) => void;
  /** Names of the roles, schedules, backups and people the entries refer to by uuid. */
  names?: ReadonlyMap<string, string>;
}

const noNames: ReadonlyMap<string, string> = new Map();

/** The audit log entries, newest first as the server sends them, one page at a time. */
export function AuditLogTable({ entries, loading, page, perPage, total, onPageChange, names = noNames }: AuditLogTableProps) {
  const { t, i18n } = useTranslation();
  const when = useDateTime();
  const rtl = i18n.dir() === 'rtl';
  const columns: TableColumn<ActivityEntry>[] = [
    { key: 'when', title: t('sharing.audit.columns.when', 'When'), render: (_, entry) => <time dateTime={entry.created_at}>{when(entry.created_at)}</time>, width: 180 },
    {
      key: 'who',
      title: t('sharing.audit.columns.who', 'Who'),
      render: (_, entry) => entry.actor?.username ?? <Typography.Text type="secondary">{t('sharing.audit.system', 'The panel')}</Typography.Text>,
    },
    { key: 'event', title: t('sharing.audit.columns.event', 'Event'), render: (_, entry) => auditEventSentence(t, entry, { rtl, names }) ?? <Typography.Text code>{entry.event}</Typography.Text> },
    { key: 'ip', title: t('sharing.audit.columns.ip', 'IP address'), render: (_, entry) => (entry.ip ? <Ltr>{entry.ip}</Ltr> : '—') },
    {
      key: 'properties',
      title: t('sharing.audit.columns.details', 'Details'),
      render: (_, entry) => <AuditEntryDetails lines={auditDetailLines(t, entry.properties, { language: i18n.language, dateTime: when, names })} properties={entry.properties} />,
    },
  ];
  return (
    <ResponsiveTable<ActivityEntry>
      rowLabel={(entry) => `${when(entry.created_at)} ${auditEventSentence(t, entry, { rtl, names }) ?? entry.event}`}
      aria-label={t('sharing.audit.tableLabel', 'Audit log')}
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={[...entries]}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('sharing.audit.empty', 'Nothing was recorded for these filters.') }}
      pagination={{
        current: page,
        pageSize: perPage,
        total,
        showSizeChanger: true,
        pageSizeOptions: [25, 50, 100],
        showTotal: (count) => t('sharing.audit.total', '{{count}} entries', { count }),
        onChange: onPageChange,
      }}
    />
  );
}
