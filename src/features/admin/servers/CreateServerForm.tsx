import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateAdminServerMutation, useListAdminNodesQuery, useListAdminPlansQuery, useListAdminTemplatesQuery } from '../../../api/generated/admin.gen';
import { AdminField } from '../AdminField';

interface ServerFormValues {
  owner: string;
  name: string;
  template: string;
  plan: string;
  node: string;
}

/** "Automatic": no node asked for, the panel places the server. */
const AUTOMATIC = '';

/** Creates a server for a user: owner, name, game template, plan of that game, node or automatic placement. */
export function CreateServerForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ServerFormValues>();
  const templates = useListAdminTemplatesQuery().data?.data ?? [];
  const plans = useListAdminPlansQuery().data?.data ?? [];
  const nodes = useListAdminNodesQuery().data?.data ?? [];
  const [createServer, { isLoading }] = useCreateAdminServerMutation();
  const templateSlug = Form.useWatch('template', form);
  const game = templates.find((template) => template.slug === templateSlug)?.game;
  const submit = async ({ node, ...values }: ServerFormValues) => {
    await createServer({ body: { ...values, ...(node ? { node } : {}) } }).unwrap();
    form.resetFields();
    onCreated();
  };
  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values).catch(() => undefined)} style={{ maxWidth: 560 }}>
      <AdminField name="owner" label={t('admin.servers.owner', 'Owner (username or email)')} required>
        <Input autoComplete="off" />
      </AdminField>
      <AdminField name="name" label={t('admin.field.name', 'Name')} required>
        <Input />
      </AdminField>
      <AdminField name="template" label={t('admin.servers.template', 'Game template')} required>
        <Select options={templates.map((template) => ({ value: template.slug, label: template.name }))} onChange={() => form.setFieldValue('plan', undefined)} />
      </AdminField>
      <AdminField name="plan" label={t('admin.servers.plan', 'Plan')} required>
        <Select options={plans.filter((plan) => plan.game === game).map((plan) => ({ value: plan.slug, label: plan.name }))} />
      </AdminField>
      <AdminField name="node" label={t('admin.servers.node', 'Node')} initialValue={AUTOMATIC}>
        <Select
          options={[{ value: AUTOMATIC, label: t('admin.servers.automatic', 'Automatic') }, ...nodes.map((node) => ({ value: node.name, label: node.name, disabled: node.state !== 'online' }))]}
        />
      </AdminField>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('admin.servers.create', 'Create server')}
      </Button>
    </Form>
  );
}
