import { Button, Drawer, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAdminPlanMutation, useListAdminPlansQuery, useListAdminTemplatesQuery, type Plan } from '../../../api/generated/admin.gen';
import { AdminPage } from '../AdminPage';
import { PlanForm } from './PlanForm';

/** A price in minor units as the language writes it (€9.99, 9,99 €). */
const price = (plan: Plan, language: string) => new Intl.NumberFormat(language, { style: 'currency', currency: plan.currency }).format(plan.price_monthly / 100);

/** Plans: every plan with its limits and price; create, edit, delete (the API refuses a plan servers use). */
export function AdminPlansPage() {
  const { t, i18n } = useTranslation();
  const { data, isLoading } = useListAdminPlansQuery();
  // The games a plan can be for: those the panel has templates of.
  const games = [...new Set((useListAdminTemplatesQuery().data?.data ?? []).map((template) => template.game))];
  const [deletePlan] = useDeleteAdminPlanMutation();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const columns = [
    { key: 'name', title: t('admin.field.name', 'Name'), render: (plan: Plan) => `${plan.name} (${plan.slug})` },
    { key: 'game', title: t('admin.plans.game', 'Game'), dataIndex: 'game' },
    {
      key: 'tier',
      title: t('admin.plans.tierColumn', 'Tier'),
      render: (plan: Plan) => <Tag color={plan.tier === 'premium' ? 'gold' : undefined}>{plan.tier === 'premium' ? t('admin.plans.premium', 'Premium') : t('admin.plans.budget', 'Budget')}</Tag>,
    },
    {
      key: 'limits',
      title: t('admin.plans.limits', 'Limits'),
      render: (plan: Plan) => t('admin.plans.limitsText', '{{memory}} MiB · {{cpu}}% CPU · {{disk}} MiB disk', { memory: plan.memory_mb, cpu: plan.cpu_percent, disk: plan.disk_mb }),
    },
    { key: 'price', title: t('admin.plans.price', 'Price per month'), render: (plan: Plan) => price(plan, i18n.language) },
    {
      key: 'actions',
      title: '',
      render: (plan: Plan) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(plan)} aria-label={`${t('admin.action.edit', 'Edit')}: ${plan.name}`}>
            {t('admin.action.edit', 'Edit')}
          </Button>
          <Popconfirm
            title={t('admin.plans.deleteConfirm', 'Delete this plan? A plan servers use cannot be deleted.')}
            okButtonProps={{ danger: true }}
            onConfirm={() => void deletePlan({ slug: plan.slug }).catch(() => undefined)}
          >
            <Button size="small" danger aria-label={`${t('admin.action.delete', 'Delete')}: ${plan.name}`}>
              {t('admin.action.delete', 'Delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <AdminPage
      title={t('admin.nav.plans', 'Plans')}
      actions={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('admin.plans.create', 'Create plan')}
        </Button>
      }
    >
      <Table rowKey="slug" loading={isLoading} dataSource={data?.data ?? []} columns={columns} pagination={false} scroll={{ x: true }} />
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('admin.plans.create', 'Create plan') : t('admin.plans.edit', 'Edit {{name}}', { name: editing?.name })}
        size="min(600px, 100vw)"
        destroyOnHidden
      >
        {editing !== null ? <PlanForm plan={editing === 'new' ? null : editing} games={games} onSaved={() => setEditing(null)} /> : null}
      </Drawer>
    </AdminPage>
  );
}
