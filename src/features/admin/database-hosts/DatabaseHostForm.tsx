import { Button, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateAdminDatabaseHostMutation, useListAdminNodesQuery, type CreateAdminDatabaseHostApiArg } from '../../../api/generated/admin.gen';
import { AdminField } from '../AdminField';

type HostFormValues = CreateAdminDatabaseHostApiArg['body'];

/** Registers a MariaDB/MySQL host; the panel connects with the account before it keeps it (a 422 on host or password otherwise). */
export function DatabaseHostForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<HostFormValues>();
  const nodes = useListAdminNodesQuery().data?.data ?? [];
  const [createHost, { isLoading }] = useCreateAdminDatabaseHostMutation();
  const submit = async (values: HostFormValues) => {
    await createHost({ body: values }).unwrap();
    form.resetFields();
    onAdded();
  };
  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values).catch(() => undefined)} style={{ maxWidth: 560 }}>
      <Typography.Paragraph>
        {t(
          'admin.databaseHosts.grantHint',
          'The account needs to create databases and users and grant on them (GRANT ALL ON *.* … WITH GRANT OPTION). The panel checks the connection before it keeps the host.',
        )}
      </Typography.Paragraph>
      <AdminField name="name" label={t('admin.field.name', 'Name')} required>
        <Input />
      </AdminField>
      <AdminField name="host" label={t('admin.databaseHosts.host', 'Host name or IP address')} required>
        <Input spellCheck={false} />
      </AdminField>
      <AdminField name="port" label={t('admin.databaseHosts.port', 'Port')} initialValue={3306}>
        <InputNumber min={1} max={65535} style={{ width: '100%' }} />
      </AdminField>
      <AdminField name="username" label={t('admin.databaseHosts.username', 'Admin account')} required>
        <Input autoComplete="off" />
      </AdminField>
      <AdminField name="password" label={t('admin.databaseHosts.password', 'Password (stored encrypted, never shown again)')} required>
        <Input.Password autoComplete="new-password" />
      </AdminField>
      <AdminField name="node" label={t('admin.databaseHosts.node', 'Node whose servers get databases here')}>
        <Select allowClear placeholder={t('admin.databaseHosts.nodeDefault', 'The local node')} options={nodes.map((node) => ({ value: node.name, label: node.name }))} />
      </AdminField>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('admin.databaseHosts.add', 'Check and add')}
      </Button>
    </Form>
  );
}
