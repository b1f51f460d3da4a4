import { Alert, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListServerWebhookDeliveriesQuery, type WebhookDelivery } from '../../api/webhooks';
import { useDateTime } from '../../core/session/useDateTime';
import { webhookEventText } from '../../widgets/server/serverEventTexts';

/** Props of {@link WebhookDeliveriesTable}. */
export interface WebhookDeliveriesTableProps {
  serverId: string;
  webhook: string;
  name: string;
}

const statusColours: Record<WebhookDelivery['status'], string> = { delivered: 'success', retrying: 'warning', failed: 'error' };

/** A webhook's delivery log, newest first: when, which event, how it went, the answer's code and how long it took. */
export function WebhookDeliveriesTable({ serverId, webhook, name }: WebhookDeliveriesTableProps) {
  const { t } = useTranslation();
  const when = useDateTime();
  const log = useListServerWebhookDeliveriesQuery({ id: serverId, webhook });
  if (log.error) return <Alert type="error" showIcon title={t('webhooks.deliveries.failed', 'The delivery log could not be loaded.')} />;
  const statusText: Record<WebhookDelivery['status'], string> = {
    delivered: t('webhooks.deliveries.delivered', 'Delivered'),
    retrying: t('webhooks.deliveries.retrying', 'Will be retried'),
    failed: t('webhooks.deliveries.failedStatus', 'Failed'),
  };
  return (
    <Table<WebhookDelivery>
      size="small"
      rowKey="uuid"
      loading={log.isFetching}
      dataSource={log.data?.data ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      aria-label={t('webhooks.deliveries.label', 'Deliveries of {{name}}', { name })}
      locale={{ emptyText: t('webhooks.deliveries.empty', 'Nothing has been sent to this webhook yet.') }}
      columns={[
        { key: 'time', title: t('webhooks.deliveries.time', 'Time'), render: (_value, row) => when(row.created_at) },
        { key: 'event', title: t('webhooks.deliveries.event', 'Event'), render: (_value, row) => webhookEventText(t, row.event) },
        { key: 'status', title: t('webhooks.deliveries.status', 'Status'), render: (_value, row) => <Tag color={statusColours[row.status]}>{statusText[row.status]}</Tag> },
        { key: 'attempt', title: t('webhooks.deliveries.attempt', 'Attempt'), dataIndex: 'attempt' },
        { key: 'code', title: t('webhooks.deliveries.code', 'Response'), render: (_value, row) => row.response_code ?? '—' },
        { key: 'duration', title: t('webhooks.deliveries.duration', 'Duration'), render: (_value, row) => t('webhooks.deliveries.ms', '{{count}} ms', { count: row.duration_ms }) },
        { key: 'error', title: t('webhooks.deliveries.error', 'Error'), render: (_value, row) => (row.error ? <Typography.Text type="danger">{row.error}</Typography.Text> : null) },
      ]}
    />
  );
}
