import { Alert, Button, Flex, List, Space, Typography } from 'antd';
import { PlainCard } from '../../components/PlainCard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { useChangeServerPlanMutation, useGetServerPlansQuery } from '../../api/plans';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { PlanCard } from './PlanCard';
import { blockerText, formatMb, formatPrice } from './planFormat';
import { PlainSkeleton } from '../../components/PlainSkeleton';

type Outcome = { restartNeeded: boolean; running: boolean; plan: string } | null;

/**
 * /server/{id}/upgrade: the current plan beside the game's others, differences marked, monthly
 * price and the prorated amount due now; what a downgrade would break is listed from real usage.
 * A change is confirmed first, then handed to the billing provider (instant, or the billing
 * system's checkout).
 */
export function UpgradePage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  useClearValidationOnLeave();
  const overview = useGetServerPlansQuery({ id });
  const [changePlan, changing] = useChangeServerPlanMutation();
  const [selected, setSelected] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [refused, setRefused] = useState<string[] | null>(null);
  const suggested = search.get('plan');

  if (overview.error) return <ServerLoadFailure error={overview.error} onRetry={() => void overview.refetch()} />;
  const data = overview.data?.data;
  const title = t('server.areas.upgrade.title', 'Upgrade');
  if (!data)
    return (
      <ServerPageSection title={title}>
        <PlainSkeleton />
      </ServerPageSection>
    );
  const option = data.options.find((o) => o.plan.slug === selected);
  const money = (minor: number, currency: string) => formatPrice(minor, currency, i18n.language);

  const confirm = async () => {
    if (!option) return;
    setRefused(null);
    const result = await changePlan({ id, body: { plan: option.plan.slug } });
    if ('error' in result) {
      const body = (result.error as { status?: number; data?: { blockers?: { resource: string; used: number; limit: number; remove: number }[] } }).data;
      if (body?.blockers) setRefused(body.blockers.map((b) => blockerText(t, b)));
      return;
    }
    setSelected(null);
    if (result.data.redirect_url) {
      window.location.assign(result.data.redirect_url);
      return;
    }
    setOutcome({ restartNeeded: result.data.applied?.restart_needed ?? false, running: result.data.applied?.running ?? false, plan: option.plan.name });
  };

  const openOrders = data.orders.filter((o) => o.status !== 'completed');
  return (
    <ServerPageSection title={title}>
      {outcome && (
        <Alert
          type="success"
          showIcon
          message={t('plans.upgrade.applied', 'Your server is now on {{plan}}.', { plan: outcome.plan })}
          description={
            outcome.restartNeeded && outcome.running
              ? t('plans.upgrade.restartNeeded', 'CPU and disk limits apply now; restart the server so the game uses its new memory.')
              : t('plans.upgrade.appliedNow', 'The new limits apply now.')
          }
        />
      )}
      {openOrders.length > 0 && (
        <List
          aria-label={t('plans.orders.title', 'Orders')}
          bordered
          size="small"
          dataSource={openOrders}
          renderItem={(order) => (
            <List.Item data-order-status={order.status}>
              <Typography.Text type={order.status === 'pending' ? 'warning' : 'danger'}>
                {order.status === 'pending'
                  ? t('plans.orders.pending', 'Order for {{plan}}: waiting for payment ({{amount}}).', { plan: order.to_plan, amount: money(order.amount_due, order.currency) })
                  : order.status === 'expired'
                    ? t('plans.orders.expired', 'Order for {{plan}} expired without payment.', { plan: order.to_plan })
                    : t('plans.orders.failed', 'Order for {{plan}} failed: {{reason}}', { plan: order.to_plan, reason: order.failure_reason ?? '' })}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('plans.upgrade.usage', 'In use now: {{disk}} of disk, {{backups}} backups, {{ports}} extra ports, {{databases}} databases.', {
          disk: formatMb(data.usage.disk_mb),
          backups: data.usage.backups,
          ports: data.usage.extra_ports,
          databases: data.usage.databases,
        })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t(
          'plans.upgrade.proration',
          'Due now: the price difference for the days left in this month, today included ({{days}} of {{total}} days). A downgrade costs nothing now; its lower price applies from next month.',
          {
            days: data.options[0]?.remaining_days ?? 0,
            total: data.options[0]?.period_days ?? 0,
          },
        )}
      </Typography.Paragraph>
      {!data.can_change && <Alert type="info" showIcon message={t('plans.upgrade.noPermission', 'Only the owner (or someone given the plan permission) can change the plan.')} />}
      {option && (
        <PlainCard size="small" role="region" aria-label={t('plans.upgrade.confirmTitle', 'Confirm the change')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text strong>
              {t('plans.upgrade.confirm', 'Change to {{plan}} for {{price}} a month? Due now: {{due}}.', {
                plan: option.plan.name,
                price: money(option.plan.price_monthly, option.plan.currency),
                due: money(option.amount_due, option.plan.currency),
              })}
            </Typography.Text>
            {data.provider === 'external' && (
              <Typography.Text type="secondary">{t('plans.upgrade.external', 'You will be taken to our billing page to pay; the plan changes once the payment is confirmed.')}</Typography.Text>
            )}
            {refused && (
              <Alert
                type="error"
                showIcon
                message={t('plans.upgrade.doesNotFit', 'Remove this first:')}
                description={
                  <ul style={{ margin: 0 }}>
                    {refused.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                }
              />
            )}
            <Flex gap={8} wrap>
              <Button type="primary" loading={changing.isLoading} onClick={() => void confirm()}>
                {data.provider === 'external' ? t('plans.upgrade.pay', 'Continue to payment') : t('plans.upgrade.apply', 'Confirm and apply')}
              </Button>
              <Button onClick={() => setSelected(null)}>{t('plans.upgrade.cancel', 'Cancel')}</Button>
            </Flex>
          </Space>
        </PlainCard>
      )}
      <Flex gap={16} wrap align="stretch">
        {data.options.map((o) => (
          <PlanCard
            key={o.plan.slug}
            plan={o.plan}
            current={data.current}
            isCurrent={o.current}
            highlighted={o.plan.slug === suggested}
            action={
              !o.current && (
                <Button
                  block
                  type={o.plan.slug === suggested ? 'primary' : 'default'}
                  disabled={!data.can_change || o.blockers.length > 0}
                  onClick={() => {
                    setRefused(null);
                    setSelected(o.plan.slug);
                  }}
                  aria-label={t('plans.upgrade.chooseNamed', 'Choose {{plan}}', { plan: o.plan.name })}
                >
                  {o.direction === 'upgrade' ? t('plans.upgrade.upgrade', 'Upgrade') : t('plans.upgrade.downgrade', 'Downgrade')}
                </Button>
              )
            }
          >
            {!o.current && <Typography.Paragraph style={{ margin: '8px 0 0' }}>{t('plans.upgrade.dueNow', 'Due now: {{due}}', { due: money(o.amount_due, o.plan.currency) })}</Typography.Paragraph>}
            {o.blockers.length > 0 && (
              <Alert
                style={{ marginTop: 8 }}
                type="warning"
                message={t('plans.upgrade.wouldBreak', 'Does not fit your server yet. Remove first:')}
                description={
                  <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                    {o.blockers.map((b) => (
                      <li key={b.resource}>{blockerText(t, b)}</li>
                    ))}
                  </ul>
                }
              />
            )}
          </PlanCard>
        ))}
      </Flex>
    </ServerPageSection>
  );
}
