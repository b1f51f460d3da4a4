import { Flex, Tag, Typography } from 'antd';
import { PlainCard } from '../../components/PlainCard';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../../api/plans';
import { formatPrice, planLimits } from './planFormat';
import { themeForServer } from '../../themes/themeForServer';
import { ThemePreview } from './ThemePreview';

/** Props of {@link PlanCard}. */
export interface PlanCardProps {
  plan: Plan;
  /** The server's plan, to highlight what differs. */
  current: Plan;
  isCurrent: boolean;
  highlighted?: boolean;
  children?: ReactNode;
  action?: ReactNode;
}

/** One plan with its price and limits; limits that differ from the current plan are marked up or down. */
export function PlanCard({ plan, current, isCurrent, highlighted = false, children, action }: PlanCardProps) {
  const { t, i18n } = useTranslation();
  return (
    <PlainCard
      size="small"
      aria-label={plan.name}
      data-plan={plan.slug}
      style={{ flex: '1 1 220px', maxWidth: 360, minWidth: 0, borderColor: highlighted || isCurrent ? 'var(--panel-primary)' : undefined, borderWidth: highlighted ? 2 : 1 }}
      title={
        <Flex gap={8} align="center" wrap>
          <span>{plan.name}</span>
          <Tag color={plan.tier === 'premium' ? 'gold' : 'blue'}>{plan.tier === 'premium' ? t('plans.tier.premium', 'Premium') : t('plans.tier.budget', 'Budget')}</Tag>
          {isCurrent && <Tag color="green">{t('plans.current', 'Current plan')}</Tag>}
        </Flex>
      }
    >
      {/* The look a server on this plan wears: otherwise only seen by owning one. */}
      <ThemePreview theme={themeForServer(plan.game, plan.tier)} label={plan.name} caption={false} />
      <Typography.Title level={3} style={{ marginTop: 12 }}>
        {t('plans.perMonth', '{{price}} / month', { price: formatPrice(plan.price_monthly, plan.currency, i18n.language) })}
      </Typography.Title>
      <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', margin: 0 }}>
        {planLimits(t).map(({ key, label, format }) => {
          const value = plan[key] as number;
          const before = current[key] as number;
          const diff = isCurrent ? 0 : Math.sign(value - before);
          return [
            <dt key={`${key}-t`}>{label}</dt>,
            <dd key={`${key}-d`} style={{ margin: 0 }} data-diff={diff > 0 ? 'up' : diff < 0 ? 'down' : 'same'}>
              {diff === 0 ? format(value) : <Tag color={diff > 0 ? 'green' : 'orange'}>{`${diff > 0 ? '▲' : '▼'} ${format(value)}`}</Tag>}
            </dd>,
          ];
        })}
      </dl>
      {children}
      {action && <div style={{ marginTop: 12 }}>{action}</div>}
    </PlainCard>
  );
}
