import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAddAdminDnsZoneMutation } from '../../../api/generated/admin.gen';
import { AdminField } from '../AdminField';

/** Adds a zone customers may pick a subdomain under; the server's 422 (not a DNS name, already listed, list full) shows under the field. */
export function AddDnsZoneForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ zone: string }>();
  const [addZone, { isLoading }] = useAddAdminDnsZoneMutation();
  const submit = async ({ zone }: { zone: string }) => {
    await addZone({ body: { zone } }).unwrap();
    form.resetFields();
  };
  return (
    <Form form={form} layout="inline" onFinish={(values) => void submit(values).catch(() => undefined)} style={{ marginBottom: 16, rowGap: 8 }}>
      <AdminField name="zone" label={t('admin.dns.newZone', 'New zone')} required>
        <Input spellCheck={false} autoCapitalize="none" style={{ width: 280 }} />
      </AdminField>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('admin.dns.addZone', 'Add zone')}
      </Button>
    </Form>
  );
}
