import { Alert, Button, Form, Input, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetAdminSettingsQuery, useUpdateAdminSettingsMutation, type UpdateAdminSettingsApiArg } from '../../../api/generated/admin.gen';
import { AdminField } from '../AdminField';
import { AdminPage } from '../AdminPage';

type SettingsForm = UpdateAdminSettingsApiArg['body'];

/**
 * The host's run-time settings: ordering on or off and the per-customer limit, sign-up open or
 * invite-only, the mail sender, the billing provider and the branding. Saved changes apply to
 * every panel process within a second, without a restart.
 */
export function AdminSettingsPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useGetAdminSettingsQuery();
  const [update, { isLoading: saving, isSuccess }] = useUpdateAdminSettingsMutation();
  const settings = data?.data;
  const save = (values: SettingsForm) => void update({ body: { ...values, brand_logo_url: values.brand_logo_url || null } }).catch(() => undefined);
  return (
    <AdminPage title={t('admin.settings.title', 'Settings')} loading={isLoading || !settings}>
      {settings && (
        <Form<SettingsForm> layout="vertical" initialValues={{ ...settings, brand_logo_url: settings.brand_logo_url ?? '' }} onFinish={save} style={{ maxWidth: 560 }}>
          <Form.Item name="ordering_enabled" valuePropName="checked" label={t('admin.settings.ordering', 'Customers may order servers')}>
            <Switch />
          </Form.Item>
          <AdminField name="order_limit_per_user" label={t('admin.settings.orderLimit', 'Orders per customer')}>
            <InputNumber min={0} max={1000} />
          </AdminField>
          <Form.Item name="signup_open" valuePropName="checked" label={t('admin.settings.signupOpen', 'Anyone may sign up (off: invited people only)')}>
            <Switch />
          </Form.Item>
          <AdminField name="mail_from" label={t('admin.settings.mailFrom', 'Mail sender')}>
            <Input />
          </AdminField>
          <AdminField name="billing_provider" label={t('admin.settings.billing', 'Billing')}>
            <Radio.Group
              options={[
                { value: 'instant', label: t('admin.settings.billingInstant', 'Instant (no payment step)') },
                { value: 'external', label: t('admin.settings.billingExternal', 'External billing system'), disabled: !data.meta.external_billing_configured },
              ]}
            />
          </AdminField>
          <AdminField name="brand_name" label={t('admin.settings.brandName', 'Panel name')}>
            <Input maxLength={64} placeholder={t('app.name', 'Game Panel')} />
          </AdminField>
          <AdminField name="brand_logo_url" label={t('admin.settings.brandLogo', 'Logo address')}>
            <Input />
          </AdminField>
          {isSuccess && <Alert type="success" showIcon title={t('admin.settings.saved', 'Saved. Every panel process uses the new settings now.')} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('admin.settings.save', 'Save settings')}
          </Button>
        </Form>
      )}
    </AdminPage>
  );
}
