import { memo } from 'react';
import { Button, Form, InputNumber, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetServerThresholdsQuery, useUpdateServerThresholdsMutation } from '../../../api/thresholds';
import { PlainCard } from '../../../components/PlainCard';
import { fieldErrorProps } from '../../../components/fieldErrorProps';
import { useFormFieldErrors, useFormValidation } from '../../../core/validation/useFormFieldErrors';

/** The form's name: the server's messages for its fields show only after it was sent. */
const FORM = 'thresholds';

interface ThresholdValues {
  cpu_percent: number | null;
  memory_percent: number | null;
  disk_percent: number | null;
  minutes: number;
}

/** Props of {@link ThresholdsCard}. */
export interface ThresholdsCardProps {
  serverId: string;
  /** The caller's permission keys on this server. */
  permissions: string[];
}

/**
 * The server's resource thresholds: CPU, memory and disk in percent of the plan held above a value
 * for some minutes fire an event (webhooks and schedules hear it); an empty field is not watched.
 * Shown to holders of threshold.read, editable with threshold.update.
 */
export const ThresholdsCard = memo(function ThresholdsCard({ serverId, permissions }: ThresholdsCardProps) {
  const { t } = useTranslation();
  const canRead = permissions.includes('threshold.read');
  const editable = permissions.includes('threshold.update');
  const thresholds = useGetServerThresholdsQuery({ id: serverId }, { skip: !canRead, pollingInterval: 30_000 });
  const [update, saving] = useUpdateServerThresholdsMutation();
  const { submitted, edited } = useFormValidation(FORM);
  const labels = {
    cpu_percent: t('overview.thresholds.cpu', 'CPU above %'),
    memory_percent: t('overview.thresholds.memory', 'Memory above %'),
    disk_percent: t('overview.thresholds.disk', 'Disk above %'),
    minutes: t('overview.thresholds.minutes', 'For minutes'),
  };
  const errors = {
    cpu_percent: useFormFieldErrors(FORM, 'cpu_percent'),
    memory_percent: useFormFieldErrors(FORM, 'memory_percent'),
    disk_percent: useFormFieldErrors(FORM, 'disk_percent'),
    minutes: useFormFieldErrors(FORM, 'minutes'),
  };
  const current = thresholds.data?.data;
  if (!canRead || !current) return null;
  const resourceText = { cpu: t('overview.thresholds.cpuName', 'CPU'), memory: t('overview.thresholds.memoryName', 'Memory'), disk: t('overview.thresholds.diskName', 'Disk') };
  const save = (values: ThresholdValues) => {
    submitted();
    // An emptied field stops watching that resource.
    void update({ id: serverId, body: { cpu_percent: values.cpu_percent ?? null, memory_percent: values.memory_percent ?? null, disk_percent: values.disk_percent ?? null, minutes: values.minutes } });
  };
  const percentField = (name: 'cpu_percent' | 'memory_percent' | 'disk_percent') => (
    <Form.Item name={name} label={labels[name]} {...fieldErrorProps(errors[name], labels[name])}>
      <InputNumber aria-label={labels[name]} min={1} max={100} precision={0} style={{ width: 90 }} />
    </Form.Item>
  );
  return (
    <PlainCard size="small" title={t('overview.thresholds.title', 'Resource thresholds')}>
      <Typography.Paragraph type="secondary">
        {t(
          'overview.thresholds.help',
          'A value held above its threshold for the chosen minutes fires an event once (for webhooks and schedules); it fires again only after it came back down. Leave a field empty to not watch it.',
        )}
      </Typography.Paragraph>
      {current.exceeded.length > 0 && (
        <Space wrap style={{ marginBottom: 8 }}>
          {current.exceeded.map((resource) => (
            <Tag key={resource} color="warning">
              {t('overview.thresholds.exceeded', '{{resource}} above its threshold', { resource: resourceText[resource] })}
            </Tag>
          ))}
        </Space>
      )}
      <Form name={FORM} layout="inline" disabled={!editable} initialValues={current} onValuesChange={(changed: Partial<ThresholdValues>) => Object.keys(changed).forEach(edited)} onFinish={save}>
        {percentField('cpu_percent')}
        {percentField('memory_percent')}
        {percentField('disk_percent')}
        <Form.Item name="minutes" label={labels.minutes} {...fieldErrorProps(errors.minutes, labels.minutes)}>
          <InputNumber aria-label={labels.minutes} min={1} max={1440} precision={0} style={{ width: 100 }} />
        </Form.Item>
        {editable ? (
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={saving.isLoading}>
                {t('overview.thresholds.save', 'Save')}
              </Button>
              {saving.isSuccess && !saving.isLoading ? <Typography.Text type="success">{t('overview.thresholds.saved', 'Saved')}</Typography.Text> : null}
            </Space>
          </Form.Item>
        ) : null}
      </Form>
    </PlainCard>
  );
});
