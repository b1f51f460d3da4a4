import { Pagination, Tag, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useListOrdersQuery, type Order } from '../../../api/orders';
import { PageHeading } from '../../../components/PanelText';
import { useDateTime } from '../../../core/session/useDateTime';
import { formatPrice } from '../planFormat';

const PER_PAGE = 10;

/** The tag colour of each state: done is green, waiting is gold, the rest a plain warning. */
const STATE_COLOURS: Record<Order['state'], string> = { pending: 'gold', paid: 'blue', created: 'green', failed: 'red', expired: 'default' };

/** The line under an order: what became of it, or what the customer can still do. */
function OrderOutcome({ order }: { order: Order }) {
  const { t } = useTranslation();
  const when = useDateTime();
  if (order.state === 'created' && order.server) return <Link to={`/server/${order.server}`}>{t('order.list.open', 'Open the server')}</Link>;
  if (order.state === 'pending') return <>{t('order.list.payBy', 'Waiting for payment until {{time}}.', { time: when(order.expires_at) })}</>;
  if (order.state === 'paid') return <>{t('order.list.creating', 'Paid: the server is being created.')}</>;
  if (order.state === 'failed') return <Typography.Text type="danger">{order.failure_reason ?? t('order.list.failedNoReason', 'The order failed.')}</Typography.Text>;
  if (order.state === 'expired') return <>{t('order.list.expiredHint', 'Not paid in time; nothing was charged and no server was made.')}</>;
  return null;
}

/**
 * "Your orders" on the order page: the customer's orders, newest first, with their state (waiting
 * for payment, created, failed …), so a customer back from the billing system's checkout sees
 * what became of the order. Shows nothing until the customer has ordered something.
 */
export function YourOrders() {
  const { t, i18n } = useTranslation();
  const when = useDateTime('date');
  const { token } = theme.useToken();
  const [page, setPage] = useState(1);
  // Read again on every visit: the billing system's webhook may have changed an order meanwhile.
  const { data } = useListOrdersQuery({ page, perPage: PER_PAGE }, { refetchOnMountOrArgChange: true });
  if (!data || data.meta.total === 0) return null;
  const stateLabels: Record<Order['state'], string> = {
    pending: t('order.state.pending', 'Pending payment'),
    paid: t('order.state.paid', 'Paid'),
    created: t('order.state.created', 'Created'),
    failed: t('order.state.failed', 'Failed'),
    expired: t('order.state.expired', 'Expired'),
  };
  return (
    <section aria-labelledby="your-orders-title">
      <PageHeading id="your-orders-title" level={2}>
        {t('order.list.title', 'Your orders')}
      </PageHeading>
      <ul style={{ listStyle: 'none', margin: '8px 0 0', padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
        {data.data.map((order) => (
          <li key={order.id} data-order-state={order.state} style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: '8px 12px' }}>
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
              <strong>{order.name}</strong>
              <Tag color={STATE_COLOURS[order.state]}>{stateLabels[order.state]}</Tag>
            </div>
            <Typography.Text type="secondary">
              {t('order.list.what', '{{plan}} · {{price}} / month · ordered {{date}}', {
                plan: order.plan,
                price: formatPrice(order.amount_due, order.currency, i18n.language),
                date: when(order.created_at),
              })}
            </Typography.Text>
            <div>
              <OrderOutcome order={order} />
            </div>
          </li>
        ))}
      </ul>
      {data.meta.total > PER_PAGE && <Pagination style={{ marginTop: 8 }} size="small" current={page} pageSize={PER_PAGE} total={data.meta.total} onChange={setPage} showSizeChanger={false} />}
    </section>
  );
}
