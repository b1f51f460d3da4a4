import { Button, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateAdminPlanMutation, useUpdateAdminPlanMutation, type Plan } from '../../../api/generated/admin.gen';
import { AdminField } from '../AdminField';

/** The plan form's fields: a plan's own, its price in major units (9.99) as people type it. */
type PlanFormValues = Omit<Plan, 'price_monthly'> & { price: number };

const number = <InputNumber min={0} style={{ width: '100%' }} />;

/** Creates a plan, or edits one (its game is fixed once created, as the API says). */
export function PlanForm({ plan, games, onSaved }: { plan: Plan | null; games: string[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PlanFormValues>();
  const [createPlan, creating] = useCreateAdminPlanMutation();
  const [updatePlan, updating] = useUpdateAdminPlanMutation();
  const submit = async ({ price, ...values }: PlanFormValues) => {
    // Prices are stored in minor units (cents); rounding keeps 19.99 from becoming 1998.
    const fields = { ...values, price_monthly: Math.round(price * 100) };
    if (plan) {
      const { game: _fixed, ...changes } = fields;
      await updatePlan({ slug: plan.slug, body: changes }).unwrap();
    } else await createPlan({ body: fields }).unwrap();
    onSaved();
  };
  const initial: Partial<PlanFormValues> = plan
    ? { ...plan, price: plan.price_monthly / 100 }
    : { tier: 'budget', currency: 'EUR', cpu_percent: 100, memory_mb: 2048, disk_mb: 10240, backups: 2, databases: 1, extra_ports: 0, display_order: 0 };
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void submit(values).catch(() => undefined)} style={{ maxWidth: 560 }}>
      <AdminField name="name" label={t('admin.field.name', 'Name')} required>
        <Input />
      </AdminField>
      <AdminField name="slug" label={t('admin.plans.slug', 'Short name (in addresses and the billing API)')} required>
        <Input autoComplete="off" />
      </AdminField>
      <AdminField name="game" label={t('admin.plans.game', 'Game')} required>
        <Select disabled={Boolean(plan)} options={games.map((game) => ({ value: game, label: game }))} />
      </AdminField>
      <AdminField name="tier" label={t('admin.plans.tier', 'Tier (picks the theme)')} required>
        <Select
          options={[
            { value: 'budget', label: t('admin.plans.budget', 'Budget') },
            { value: 'premium', label: t('admin.plans.premium', 'Premium') },
          ]}
        />
      </AdminField>
      <AdminField name="memory_mb" label={t('admin.nodes.memoryMib', 'Memory (MiB)')} required>
        {number}
      </AdminField>
      <AdminField name="cpu_percent" label={t('admin.plans.cpu', 'CPU (100 = one core)')} required>
        {number}
      </AdminField>
      <AdminField name="disk_mb" label={t('admin.nodes.diskMib', 'Disk (MiB)')} required>
        {number}
      </AdminField>
      <AdminField name="backups" label={t('admin.plans.backups', 'Backups')}>
        {number}
      </AdminField>
      <AdminField name="databases" label={t('admin.plans.databases', 'Databases')}>
        {number}
      </AdminField>
      <AdminField name="extra_ports" label={t('admin.plans.extraPorts', 'Extra ports')}>
        {number}
      </AdminField>
      <AdminField name="price" errorField="price_monthly" label={t('admin.plans.price', 'Price per month')} required>
        <InputNumber min={0} step={0.01} precision={2} style={{ width: '100%' }} />
      </AdminField>
      <AdminField name="currency" label={t('admin.plans.currency', 'Currency (ISO code, e.g. EUR)')} required>
        <Input maxLength={3} style={{ textTransform: 'uppercase' }} />
      </AdminField>
      <AdminField name="display_order" label={t('admin.plans.order', 'Position in the list')}>
        {number}
      </AdminField>
      <Button type="primary" htmlType="submit" loading={creating.isLoading || updating.isLoading}>
        {plan ? t('admin.action.save', 'Save') : t('admin.plans.create', 'Create plan')}
      </Button>
    </Form>
  );
}
