import { Button, Form, InputNumber, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetServerCrashPolicyQuery, useUpdateServerCrashPolicyMutation } from '../../../api/crashes';
import { fieldErrorProps } from '../../../components/fieldErrorProps';
import { useFormFieldErrors, useFormValidation } from '../../../core/validation/useFormFieldErrors';

/** The form's name: the server's messages for its fields show only after it was sent. */
const FORM = 'crashPolicy';

interface PolicyValues {
  enabled: boolean;
  max_restarts: number;
  window_minutes: number;
}

/** Props of {@link CrashPolicyForm}. */
export interface CrashPolicyFormProps {
  serverId: string;
  /** Holds crash.update: may change the policy (otherwise it is shown read-only). */
  editable: boolean;
}

/** Whether a crashed server is started again, and how often within how many minutes before the panel gives up. */
export function CrashPolicyForm({ serverId, editable }: CrashPolicyFormProps) {
  const { t } = useTranslation();
  const policy = useGetServerCrashPolicyQuery({ id: serverId });
  const [update, saving] = useUpdateServerCrashPolicyMutation();
  const { submitted, edited } = useFormValidation(FORM);
  const [form] = Form.useForm<PolicyValues>();
  const enabled = Form.useWatch('enabled', form);
  const labels = {
    enabled: t('overview.crashes.policy.enabled', 'Restart after a crash'),
    max_restarts: t('overview.crashes.policy.maxRestarts', 'Restarts at most'),
    window_minutes: t('overview.crashes.policy.windowMinutes', 'Within minutes'),
  };
  const errors = {
    enabled: useFormFieldErrors(FORM, 'enabled'),
    max_restarts: useFormFieldErrors(FORM, 'max_restarts'),
    window_minutes: useFormFieldErrors(FORM, 'window_minutes'),
  };
  const current = policy.data?.data;
  if (!current) return null;
  const save = (values: PolicyValues) => {
    submitted();
    // The answer (and a 422's messages) land in the store; the listeners raise the error notice.
    void update({ id: serverId, body: values });
  };
  return (
    <Form
      form={form}
      name={FORM}
      layout="inline"
      disabled={!editable}
      initialValues={current}
      onValuesChange={(changed: Partial<PolicyValues>) => Object.keys(changed).forEach(edited)}
      onFinish={save}
    >
      <Form.Item name="enabled" label={labels.enabled} valuePropName="checked" {...fieldErrorProps(errors.enabled, labels.enabled)}>
        <Switch />
      </Form.Item>
      <Form.Item name="max_restarts" label={labels.max_restarts} {...fieldErrorProps(errors.max_restarts, labels.max_restarts)}>
        <InputNumber min={1} max={20} precision={0} disabled={!editable || enabled === false} style={{ width: 90 }} />
      </Form.Item>
      <Form.Item name="window_minutes" label={labels.window_minutes} {...fieldErrorProps(errors.window_minutes, labels.window_minutes)}>
        <InputNumber min={1} max={1440} precision={0} disabled={!editable || enabled === false} style={{ width: 100 }} />
      </Form.Item>
      {editable ? (
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving.isLoading}>
              {t('overview.crashes.policy.save', 'Save')}
            </Button>
            {saving.isSuccess && !saving.isLoading ? <Typography.Text type="success">{t('overview.crashes.policy.saved', 'Saved')}</Typography.Text> : null}
          </Space>
        </Form.Item>
      ) : null}
    </Form>
  );
}
