import { Button, Form, Input, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateAdminNodeMutation, type CreateAdminNodeApiArg } from '../../../api/generated/admin.gen';
import { prepareNodeSnippet } from './prepareNodeSnippet';
import { AdminField } from '../AdminField';

interface NodeFormValues {
  name: string;
  location?: string;
  docker_host: string;
  public_host: string;
  port_range: string;
  memory_mb?: number | null;
  disk_mb?: number | null;
  ca?: string;
  cert?: string;
  key?: string;
}

/** The form that adds a Docker Engine node, with the commands that prepare the machine. */
export function AddNodeForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NodeFormValues>();
  const [createNode, { isLoading }] = useCreateAdminNodeMutation();
  const submit = async ({ ca, cert, key, ...values }: NodeFormValues) => {
    const body: CreateAdminNodeApiArg['body'] = { ...values, driver: 'docker', tls: ca && cert && key ? { ca, cert, key } : null };
    await createNode({ body }).unwrap();
    form.resetFields();
    onAdded();
  };
  const pem = (name: 'ca' | 'cert' | 'key', label: string) => (
    <AdminField name={name} errorField={`tls.${name}`} label={label}>
      {/* i18n-ignore: the PEM format's own first line */}
      <Input.TextArea rows={2} placeholder="-----BEGIN …" spellCheck={false} />
    </AdminField>
  );
  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values).catch(() => undefined)} style={{ maxWidth: 640 }}>
      <Typography.Paragraph>{t('admin.nodes.prepare', 'Prepare the machine (as root, once its certificates are in /etc/docker/tls):')}</Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: prepareNodeSnippet(window.location.hostname) }}>
        <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{prepareNodeSnippet(window.location.hostname)}</pre>
      </Typography.Paragraph>
      <AdminField name="name" label={t('admin.field.name', 'Name')} required>
        <Input />
      </AdminField>
      <AdminField name="location" label={t('admin.nodes.location', 'Location')}>
        <Input />
      </AdminField>
      <AdminField name="docker_host" label={t('admin.nodes.engine', 'Engine address')} required initialValue="tcp://">
        {/* i18n-ignore: an address, the same in every language */}
        <Input placeholder="tcp://203.0.113.10:2376" />
      </AdminField>
      <AdminField name="public_host" label={t('admin.nodes.publicHost', 'Public IP address')} required>
        <Input placeholder="203.0.113.10" />
      </AdminField>
      <AdminField name="port_range" label={t('admin.nodes.ports', 'Port range')} required initialValue="30000-30099">
        <Input />
      </AdminField>
      <AdminField name="memory_mb" label={t('admin.nodes.memoryMib', 'Memory (MiB)')}>
        <InputNumber min={1} style={{ width: '100%' }} />
      </AdminField>
      <AdminField name="disk_mb" label={t('admin.nodes.diskMib', 'Disk (MiB)')}>
        <InputNumber min={1} style={{ width: '100%' }} />
      </AdminField>
      {pem('ca', 'ca.pem')}
      {pem('cert', 'cert.pem')}
      {pem('key', 'key.pem')}
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('admin.nodes.add', 'Add node')}
      </Button>
    </Form>
  );
}
