import { Button, Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateAdminNodeMutation, type UpdateAdminNodeApiArg } from '../../../api/generated/admin.gen';
import { AdminField } from '../AdminField';
import type { AdminNode } from '../NodeUse';

type EditNodeValues = Pick<Required<UpdateAdminNodeApiArg['body']>, 'name' | 'location' | 'public_host' | 'port_range' | 'memory_mb' | 'disk_mb' | 'maintenance'>;

/** Edits a node's name, location, public address, port range, capacity and maintenance (its engine address and TLS stay). */
export function EditNodeForm({ node, onSaved }: { node: AdminNode; onSaved: () => void }) {
  const { t } = useTranslation();
  const [updateNode, { isLoading }] = useUpdateAdminNodeMutation();
  const initial: EditNodeValues = {
    name: node.name,
    location: node.location,
    public_host: node.public_host,
    port_range: node.port_range,
    memory_mb: node.memory_mb,
    disk_mb: node.disk_mb,
    maintenance: node.maintenance,
  };
  // An emptied capacity is "no limit" (null), not "leave as is".
  const submit = async (values: EditNodeValues) => {
    await updateNode({ node: node.name, body: { ...values, memory_mb: values.memory_mb ?? null, disk_mb: values.disk_mb ?? null } }).unwrap();
    onSaved();
  };
  return (
    <Form layout="vertical" initialValues={initial} onFinish={(values: EditNodeValues) => void submit(values).catch(() => undefined)} style={{ maxWidth: 560 }}>
      <AdminField name="name" label={t('admin.field.name', 'Name')} required>
        <Input />
      </AdminField>
      <AdminField name="location" label={t('admin.nodes.location', 'Location')}>
        <Input />
      </AdminField>
      <AdminField name="public_host" label={t('admin.nodes.publicHost', 'Public IP address')} required>
        <Input />
      </AdminField>
      <AdminField name="port_range" label={t('admin.nodes.ports', 'Port range')} required>
        <Input />
      </AdminField>
      <AdminField name="memory_mb" label={t('admin.nodes.memoryNoLimit', 'Memory (MiB, empty: no limit)')}>
        <InputNumber min={1} style={{ width: '100%' }} />
      </AdminField>
      <AdminField name="disk_mb" label={t('admin.nodes.diskNoLimit', 'Disk (MiB, empty: no limit)')}>
        <InputNumber min={1} style={{ width: '100%' }} />
      </AdminField>
      <Form.Item name="maintenance" label={t('admin.nodes.maintenanceLabel', 'Maintenance (no new servers are placed here)')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('admin.action.save', 'Save')}
      </Button>
    </Form>
  );
}
