import { Button, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListAdminAuditQuery, type ListAdminAuditApiArg, type ListAdminAuditApiResponse } from '../../../api/generated/admin.gen';
import { AdminPage } from '../AdminPage';
import { adminEventLabel } from './adminEventLabel';
import { downloadAdminAuditCsv } from './downloadAdminAuditCsv';

type Entry = ListAdminAuditApiResponse['data'][number];
const PER_PAGE = 50;

/** A datetime-local value (the admin's own time) as the ISO instant the API filters by. */
const instant = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** The panel-wide admin audit log: who did what to which target, from where and when; filters and CSV. */
export function AdminAuditPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<{ actor: string; event: string; target: string; from: string; to: string }>({ actor: '', event: '', target: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const query: ListAdminAuditApiArg = {
    actor: filters.actor || undefined,
    event: filters.event || undefined,
    target: filters.target || undefined,
    from: instant(filters.from),
    to: instant(filters.to),
  };
  const { data, isFetching } = useListAdminAuditQuery({ ...query, page, perPage: PER_PAGE });
  const field = (key: keyof typeof filters, label: string, type = 'text') => (
    <label style={{ display: 'grid', fontSize: 12 }}>
      {label}
      <Input
        type={type}
        value={filters[key]}
        onChange={(event) => {
          setFilters({ ...filters, [key]: event.target.value });
          setPage(1);
        }}
      />
    </label>
  );
  const columns = [
    { key: 'time', title: t('admin.audit.time', 'When'), render: (entry: Entry) => new Date(entry.created_at).toLocaleString() },
    { key: 'actor', title: t('admin.audit.actor', 'Who'), render: (entry: Entry) => entry.actor ?? (entry.key ? `🔑 ${entry.key}` : '—') },
    { key: 'ip', title: t('admin.audit.ip', 'From'), dataIndex: 'ip' },
    {
      key: 'event',
      title: t('admin.audit.event', 'What'),
      render: (entry: Entry) => (
        <>
          {adminEventLabel(t, entry.event)} {entry.status >= 400 && <Tag color="red">{entry.status}</Tag>}
        </>
      ),
    },
    { key: 'target', title: t('admin.audit.target', 'Target'), render: (entry: Entry) => (entry.target ? `${entry.target_type}: ${entry.target}` : '—') },
  ];
  return (
    <AdminPage title={t('admin.nav.audit', 'Audit log')} actions={<Button onClick={() => void downloadAdminAuditCsv(query).catch(() => undefined)}>{t('admin.audit.csv', 'Download CSV')}</Button>}>
      <Space wrap align="end">
        {field('actor', t('admin.audit.actor', 'Who'))}
        {field('event', t('admin.audit.event', 'What'))}
        {field('target', t('admin.audit.target', 'Target'))}
        {field('from', t('admin.audit.from', 'From (time)'), 'datetime-local')}
        {field('to', t('admin.audit.to', 'Until'), 'datetime-local')}
      </Space>
      <Table
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.data ?? []}
        columns={columns}
        scroll={{ x: true }}
        pagination={{ current: page, pageSize: PER_PAGE, total: data?.meta.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
    </AdminPage>
  );
}
