import { Button, Flex, List, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useGetServerPlansQuery } from '../../api/plans';
import { useGetServerQuery } from '../../api/servers';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { themeForServer } from '../../themes/themeForServer';
import { ThemeScope } from '../../themes/ThemeScope';
import { PlanCard } from './PlanCard';
import { planLimits } from './planFormat';
import { PlainSkeleton } from '../../components/PlainSkeleton';

/**
 * /server/{id}/upgrade/premium: the game's premium tier beside the current plan, with a live
 * preview of the premium theme (the page's ConfigProvider and colours switch while the preview is
 * on; leaving the page or turning it off brings the server's own theme back) and what the
 * customer gains.
 */
export function PremiumPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const server = useGetServerQuery({ id });
  const overview = useGetServerPlansQuery({ id });
  const navigate = useNavigate();
  const [preview, setPreview] = useState(true);
  const title = t('server.areas.upgradePremium.title', 'Premium');
  if (overview.error) return <ServerLoadFailure error={overview.error} onRetry={() => void overview.refetch()} />;
  const data = overview.data?.data;
  const game = server.data?.data.game.slug;
  if (!data || !game)
    return (
      <ServerPageSection title={title}>
        <PlainSkeleton />
      </ServerPageSection>
    );
  const premium = data.options.filter((o) => o.plan.tier === 'premium');
  const first = premium.find((o) => !o.current) ?? premium[0];
  const onPremium = data.current.tier === 'premium';
  const gains = first
    ? planLimits(t)
        .filter(({ key }) => (first.plan[key] as number) > (data.current[key] as number))
        .map(({ key, label, format }) => t('plans.premium.gain', '{{label}}: {{from}} → {{to}}', { label, from: format(data.current[key] as number), to: format(first.plan[key] as number) }))
    : [];
  const content = (
    <ServerPageSection
      title={title}
      actions={
        <Flex gap={8} align="center">
          <Switch checked={preview} onChange={setPreview} aria-label={t('plans.premium.preview', 'Preview the premium theme')} />
          <Typography.Text>{t('plans.premium.preview', 'Preview the premium theme')}</Typography.Text>
        </Flex>
      }
    >
      <div data-preview-theme={preview ? themeForServer(game, 'premium') : undefined}>
        <Typography.Paragraph>
          {onPremium
            ? t('plans.premium.already', 'Your server is on a premium plan and uses the premium theme.')
            : t('plans.premium.intro', 'Premium plans bring more of everything and your game’s premium theme.')}
        </Typography.Paragraph>
        {gains.length > 0 && (
          <List
            size="small"
            header={<strong>{t('plans.premium.gains', 'What you gain with {{plan}}', { plan: first!.plan.name })}</strong>}
            dataSource={gains}
            renderItem={(line) => <List.Item>{line}</List.Item>}
          />
        )}
        <Flex gap={16} wrap style={{ marginTop: 16 }}>
          {premium.map((o) => (
            <PlanCard
              key={o.plan.slug}
              plan={o.plan}
              current={data.current}
              isCurrent={o.current}
              action={
                !o.current && (
                  <Button type="primary" block onClick={() => navigate(`/server/${id}/upgrade?plan=${encodeURIComponent(o.plan.slug)}`)}>
                    {t('plans.premium.choose', 'Choose {{plan}}', { plan: o.plan.name })}
                  </Button>
                )
              }
            />
          ))}
        </Flex>
      </div>
    </ServerPageSection>
  );
  // The preview switches the ConfigProvider (antd tokens) and the --panel-* colours of the page.
  return preview ? <ThemeScope name={themeForServer(game, 'premium')}>{content}</ThemeScope> : content;
}
