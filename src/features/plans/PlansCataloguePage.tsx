import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListPlansQuery } from '../../api/plans';
import { PageHeading, SecondaryText } from '../../components/PanelText';
import { PlainCard } from '../../components/PlainCard';
import { themeForServer } from '../../themes/themeForServer';
import { formatPrice, planLimits } from './planFormat';
import { ThemePreview } from './ThemePreview';
import { PlainSkeleton } from '../../components/PlainSkeleton';

/**
 * /plans: every game's plans with prices and limits, and each game's look (its budget and premium
 * themes), so a customer without a server sees what there is to have, and how it looks, before
 * ordering. The dashboard's empty state leads here.
 */
export function PlansCataloguePage() {
  const { t, i18n } = useTranslation();
  const catalogue = useListPlansQuery();
  const tierName = (tier: string) => (tier === 'premium' ? t('plans.tier.premium', 'Premium') : t('plans.tier.budget', 'Budget'));
  return (
    <section aria-labelledby="plans-title" style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
      <div>
        <PageHeading id="plans-title" level={1}>
          {t('plans.catalogue.title', 'Plans and prices')}
        </PageHeading>
        <SecondaryText>
          {t(
            'plans.catalogue.intro',
            'Every game in its own look: budget plans wear the game’s default theme, premium plans its premium theme. Once your server is ordered, it appears on your dashboard.',
          )}
        </SecondaryText>
      </div>
      {catalogue.isLoading ? (
        <PlainSkeleton rows={6} />
      ) : catalogue.error ? (
        <Alert
          type="error"
          showIcon
          title={t('plans.catalogue.loadFailed', 'The plans could not be loaded.')}
          action={
            <Button size="small" onClick={() => void catalogue.refetch()}>
              {t('dashboard.retry', 'Try again')}
            </Button>
          }
        />
      ) : (
        (catalogue.data?.data ?? []).map(({ game, plans }) => {
          // Terraria has only a premium look; the others show both.
          const looks = [...new Set(plans.map((plan) => themeForServer(game.slug, plan.tier)))];
          return (
            <section key={game.slug} aria-labelledby={`plans-${game.slug}`} data-game={game.slug} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
              <PageHeading id={`plans-${game.slug}`} level={2}>
                {game.name}
              </PageHeading>
              <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))' }}>
                {looks.map((look) => {
                  const tier = plans.find((plan) => themeForServer(game.slug, plan.tier) === look)?.tier ?? 'budget';
                  return <ThemePreview key={look} theme={look} label={t('plans.preview.what', '{{game}}, {{tier}}', { game: game.name, tier: tierName(tier) })} />;
                })}
              </div>
              <Flex gap={12} wrap>
                {plans.map((plan) => (
                  <PlainCard key={plan.slug} size="small" aria-label={plan.name} data-plan={plan.slug} style={{ flex: '1 1 200px', maxWidth: 320 }} title={`${plan.name} · ${tierName(plan.tier)}`}>
                    <strong>{t('plans.perMonth', '{{price}} / month', { price: formatPrice(plan.price_monthly, plan.currency, i18n.language) })}</strong>
                    <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px', margin: '8px 0 0' }}>
                      {planLimits(t).map(({ key, label, format }) => [
                        <dt key={`${key}-t`}>{label}</dt>,
                        <dd key={`${key}-d`} style={{ margin: 0 }}>
                          {format(plan[key] as number)}
                        </dd>,
                      ])}
                    </dl>
                  </PlainCard>
                ))}
              </Flex>
            </section>
          );
        })
      )}
    </section>
  );
}
