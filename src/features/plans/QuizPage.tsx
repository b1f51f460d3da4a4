import { ServerFieldErrors } from '../../core/validation/ServerFieldErrors';
import { Alert, Button, Form, InputNumber, Radio, Space, Typography, theme } from 'antd';
import { PlainCard } from '../../components/PlainCard';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useRecommendServerPlanMutation } from '../../api/plans';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { formatMb, formatPrice } from './planFormat';
import { themeForServer } from '../../themes/themeForServer';
import { ThemePreview } from './ThemePreview';

interface Answers {
  players: number;
  software: 'vanilla' | 'plugins' | 'mods' | 'modpack';
  modpack_size: 'small' | 'medium' | 'large';
  view_distance: number;
  world_size: 'small' | 'medium' | 'large';
  /** In major units (euros); sent in minor units. */
  budget?: number | null;
}

type Reason = { code: string; values: Record<string, number> };

function reasonText(t: TFunction, reason: Reason, currency: string, locale: string): string {
  const v = reason.values;
  switch (reason.code) {
    case 'memory':
      return t('plans.quiz.reasons.memory', 'About {{memory}} of memory: {{players}} players at view distance {{distance}} and {{mods}} mods.', {
        memory: formatMb(v.needed),
        players: v.players,
        distance: v.viewDistance,
        mods: v.mods,
      });
    case 'cpu':
      return t('plans.quiz.reasons.cpu', 'About {{cpu}} % CPU (100 % is one core).', { cpu: v.needed });
    case 'disk':
      return t('plans.quiz.reasons.disk', 'About {{disk}} of disk for the server, the world and its mods.', { disk: formatMb(v.needed) });
    case 'cheapest':
      return t('plans.quiz.reasons.cheapest', 'The cheapest plan that holds all of it ({{price}} a month).', { price: formatPrice(v.price, currency, locale) });
    case 'short-within-budget':
      return t('plans.quiz.reasons.shortWithinBudget', 'The biggest plan within your budget; it may be short for everything you asked for.');
    case 'over-budget':
      return t('plans.quiz.reasons.overBudget', 'No plan fits your budget; this is the cheapest that holds your server.');
    default:
      return t('plans.quiz.reasons.tooSmall', 'Even the biggest plan may be short; ask us about a custom plan.');
  }
}

/**
 * /server/{id}/upgrade-quiz: six questions, the recommended plan with its reasons (the sizing
 * model is the server's, documented in the README) and a way to choose it on the upgrade page.
 */
export function QuizPage() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  useClearValidationOnLeave();
  const [form] = Form.useForm<Answers>();
  const [recommend, recommendation] = useRecommendServerPlanMutation();
  const software = Form.useWatch('software', form);
  const result = recommendation.data?.data;
  const sizes = [
    { value: 'small', label: t('plans.quiz.small', 'Small') },
    { value: 'medium', label: t('plans.quiz.medium', 'Medium') },
    { value: 'large', label: t('plans.quiz.large', 'Large') },
  ];

  const submit = (answers: Answers) => {
    const { budget, ...rest } = answers;
    void recommend({ id, body: { ...rest, ...(budget ? { budget: Math.round(budget * 100) } : {}) } });
  };

  return (
    <ServerPageSection title={t('server.areas.upgradeQuiz.title', 'Plan finder')}>
      <Form<Answers>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        initialValues={{ players: 10, software: 'vanilla', modpack_size: 'small', view_distance: 10, world_size: 'medium' }}
        onFinish={submit}
      >
        <ServerFieldErrors />
        <Form.Item name="players" label={t('plans.quiz.players', 'How many players at once?')} rules={[{ required: true, message: t('validation.required', 'This field is required') }]}>
          <InputNumber min={1} max={500} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="software" label={t('plans.quiz.software', 'What do you run?')}>
          <Radio.Group
            options={[
              { value: 'vanilla', label: t('plans.quiz.vanilla', 'Vanilla') },
              { value: 'plugins', label: t('plans.quiz.plugins', 'Plugins') },
              { value: 'mods', label: t('plans.quiz.mods', 'Mods') },
              { value: 'modpack', label: t('plans.quiz.modpack', 'A modpack') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="modpack_size"
          label={t('plans.quiz.modpackSize', 'How big is the modpack (or your set of mods)?')}
          extra={t('plans.quiz.modpackSizeHelp', 'Small about 50 mods, medium about 150, large 300 or more.')}
        >
          <Radio.Group options={sizes} disabled={software === 'vanilla' || software === 'plugins'} />
        </Form.Item>
        <Form.Item name="view_distance" label={t('plans.quiz.viewDistance', 'View distance (chunks)')}>
          <InputNumber min={2} max={32} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="world_size" label={t('plans.quiz.worldSize', 'How big is the world?')}>
          <Radio.Group options={sizes} />
        </Form.Item>
        <Form.Item name="budget" label={t('plans.quiz.budget', 'Most you want to pay a month (optional)')}>
          <InputNumber min={0} step={1} style={{ width: '100%' }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={recommendation.isLoading}>
          {t('plans.quiz.submit', 'Recommend a plan')}
        </Button>
      </Form>
      {result && (
        <PlainCard size="small" role="region" aria-label={t('plans.quiz.recommendation', 'Recommendation')} data-recommended={result.plan.slug}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('plans.quiz.recommended', 'We recommend {{plan}}', { plan: result.plan.name })}
            </Typography.Title>
            <Typography.Text>{formatPrice(result.plan.price_monthly, result.plan.currency, i18n.language)}</Typography.Text>
            <div style={{ maxWidth: 360 }}>
              <ThemePreview theme={themeForServer(result.plan.game, result.plan.tier)} label={result.plan.name} caption={false} />
            </div>
            {/* A plain list in the look of antd's small List: List brings Pagination, and with it Select and Spin, for a few lines. */}
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {result.reasons.map((reason, index) => (
                <li key={reason.code} style={{ padding: `${token.paddingXS}px 0`, borderBlockStart: index > 0 ? `1px solid ${token.colorSplit}` : undefined }}>
                  {reasonText(t, reason, result.plan.currency, i18n.language)}
                </li>
              ))}
            </ul>
            {result.current ? (
              <Alert type="success" showIcon message={t('plans.quiz.alreadyOn', 'Your server already has this plan.')} />
            ) : (
              <Button type="primary" onClick={() => navigate(`/server/${id}/upgrade?plan=${encodeURIComponent(result.plan.slug)}`)}>
                {t('plans.quiz.choose', 'Choose this plan')}
              </Button>
            )}
          </Space>
        </PlainCard>
      )}
    </ServerPageSection>
  );
}
