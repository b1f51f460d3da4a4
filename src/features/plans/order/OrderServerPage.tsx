import { Alert, Button, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCreateOrderMutation, useGetOrderOptionsQuery, type OrderOptions } from '../../../api/orders';
import { PageHeading, SecondaryText } from '../../../components/PanelText';
import { themeForServer } from '../../../themes/themeForServer';
import { formatMb, formatPrice } from '../planFormat';
import { ThemePreview } from '../ThemePreview';
import { OrderField } from './OrderField';
import { YourOrders } from './YourOrders';
import { PlainSkeleton } from '../../../components/PlainSkeleton';

interface OrderForm {
  game: string;
  template: string;
  plan: string;
  location?: string;
  name: string;
}

type Game = OrderOptions['games'][number];

/**
 * /order: a customer orders a server. A game, its template where it has several, a plan (its
 * price, limits and the theme the server will wear), a location where the host has several, a
 * name. Instant billing: the server is created and the dashboard shows it installing. External
 * billing: the customer goes to the billing system's checkout, and the server appears once paid.
 */
export function OrderServerPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const options = useGetOrderOptionsQuery();
  const [createOrder, { isLoading: ordering }] = useCreateOrderMutation();
  const [form] = Form.useForm<OrderForm>();
  const [gameSlug, setGameSlug] = useState<string | null>(null);
  const data = options.data;
  const game: Game | undefined = data?.games.find((entry) => entry.slug === gameSlug) ?? data?.games[0];
  const planSlug = Form.useWatch('plan', form);
  const plan = game?.plans.find((entry) => entry.slug === planSlug) ?? game?.plans[0];
  const external = data?.provider === 'external';
  const closed = data && !data.ordering_enabled;
  const exhausted = data && data.ordering_enabled && data.orders_left <= 0;

  const chooseGame = (slug: string) => {
    const chosen = data?.games.find((entry) => entry.slug === slug);
    setGameSlug(slug);
    form.setFieldsValue({ template: chosen?.templates[0]?.slug, plan: chosen?.plans[0]?.slug });
  };
  const submit = async (values: OrderForm) => {
    try {
      const answer = await createOrder({ body: { template: values.template, plan: values.plan, name: values.name, ...(values.location ? { location: values.location } : {}) } }).unwrap();
      if ('checkout_url' in answer.data) window.location.assign(answer.data.checkout_url);
      else void navigate('/');
    } catch {
      // The 422's messages show under their fields; other refusals as the app's notification.
    }
  };

  return (
    <section aria-labelledby="order-title" style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 760 }}>
      <div>
        <PageHeading id="order-title" level={1}>
          {t('order.title', 'Order a server')}
        </PageHeading>
        <SecondaryText>{t('order.intro', 'Choose a game and a plan; your server appears on your dashboard and installs there.')}</SecondaryText>
      </div>
      {options.isLoading ? (
        <PlainSkeleton rows={6} />
      ) : options.error || !data ? (
        <Alert type="error" showIcon title={t('order.loadFailed', 'What you can order could not be loaded.')} />
      ) : closed ? (
        <Alert type="info" showIcon title={t('order.closed', 'Ordering is turned off on this panel for now. Ask the host for a server.')} />
      ) : exhausted ? (
        <Alert type="info" showIcon title={t('order.limitReached', 'You have placed all {{limit}} orders a customer may place. Ask the host for more.', { limit: data.order_limit })} />
      ) : !game ? (
        <Alert type="info" showIcon title={t('order.nothing', 'There is nothing to order yet.')} />
      ) : (
        <Form<OrderForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ game: game.slug, template: game.templates[0]?.slug, plan: game.plans[0]?.slug, location: data.locations[0] }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item name="game" label={t('order.game', 'Game')}>
            <Radio.Group optionType="button" options={data.games.map((entry) => ({ value: entry.slug, label: entry.name }))} onChange={(event) => chooseGame(event.target.value as string)} />
          </Form.Item>
          {game.templates.length > 1 ? (
            <OrderField name="template" label={t('order.template', 'Edition')}>
              <Select options={game.templates.map((entry) => ({ value: entry.slug, label: entry.name }))} />
            </OrderField>
          ) : (
            <Form.Item name="template" hidden>
              <Input />
            </Form.Item>
          )}
          <OrderField name="plan" label={t('order.plan', 'Plan')}>
            <Radio.Group style={{ display: 'grid', gap: 8, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))' }}>
              {game.plans.map((entry) => (
                <Radio key={entry.slug} value={entry.slug} data-plan={entry.slug}>
                  <strong>{entry.name}</strong>
                  <br />
                  {t('plans.perMonth', '{{price}} / month', { price: formatPrice(entry.price_monthly, entry.currency, i18n.language) })} · {formatMb(entry.memory_mb)}
                </Radio>
              ))}
            </Radio.Group>
          </OrderField>
          {plan && (
            <div style={{ maxWidth: 360, marginBottom: 24 }}>
              <ThemePreview theme={themeForServer(game.slug, plan.tier)} label={t('plans.preview.what', '{{game}}, {{tier}}', { game: game.name, tier: plan.name })} />
            </div>
          )}
          {data.locations.length > 0 && (
            <OrderField name="location" label={t('order.location', 'Location')}>
              <Select options={data.locations.map((location) => ({ value: location, label: location }))} />
            </OrderField>
          )}
          <OrderField name="name" label={t('order.name', 'Server name')}>
            <Input maxLength={64} autoComplete="off" />
          </OrderField>
          <SecondaryText>{t('order.left', 'Orders you may still place: {{left}}', { left: data.orders_left })}</SecondaryText>
          <div style={{ marginTop: 12 }}>
            <Button type="primary" htmlType="submit" loading={ordering}>
              {external ? t('order.pay', 'Continue to payment') : t('order.submit', 'Order the server')}
            </Button>
          </div>
        </Form>
      )}
      <YourOrders />
    </section>
  );
}
