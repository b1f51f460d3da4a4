import { PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Modal, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateServerScheduleMutation, useUpdateServerScheduleMutation, type Schedule } from '../../api/schedules';
import { cronPresets, type CronParts } from './cronDescription';
import { useCronDescriber } from './useCronDescriber';
import { browserTimezone, TimezoneSelect } from './TimezoneSelect';
import { ServerFieldErrors } from '../../core/validation/ServerFieldErrors';
import { FieldMessages, ScheduleTaskRow, type TaskValues } from './ScheduleTaskRow';
import { ScheduleTriggerFields, type TriggerValues } from './ScheduleTriggerFields';

/** Props of {@link ScheduleDialog}. */
export interface ScheduleDialogProps {
  serverId: string;
  open: boolean;
  /** The schedule to edit; null creates one. */
  schedule: Schedule | null;
  onClose: () => void;
}

interface Values extends CronParts, TriggerValues {
  name: string;
  timezone: string;
  only_when_online?: boolean;
  run_missed?: boolean;
  enabled?: boolean;
  tasks?: TaskValues[];
}

const CRON_FIELDS = ['minute', 'hour', 'day_of_month', 'month', 'day_of_week'] as const;

/** Create or edit a schedule: name, cron fields with presets and a readable description, timezone, and the chain of tasks. */
export function ScheduleDialog({ serverId, open, schedule, onClose }: ScheduleDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [create, creation] = useCreateServerScheduleMutation();
  const [update, updating] = useUpdateServerScheduleMutation();
  const parts = Form.useWatch([], form) as Partial<Values> | undefined;
  const describe = useCronDescriber();
  // Undefined while the form or the language's words are not there yet; null for fields that do not parse.
  const description =
    parts && describe
      ? describe({ minute: parts.minute ?? '', hour: parts.hour ?? '', day_of_month: parts.day_of_month ?? '', month: parts.month ?? '', day_of_week: parts.day_of_week ?? '' })
      : undefined;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      schedule
        ? { ...schedule, tasks: schedule.tasks.map(({ action, payload, delay_seconds, continue_on_failure }) => ({ action, payload, delay_seconds, continue_on_failure })) }
        : {
            name: '',
            ...cronPresets[2].parts,
            timezone: browserTimezone(),
            only_when_online: false,
            run_missed: false,
            enabled: true,
            run_on_cron: true,
            trigger_event: null,
            trigger_minutes: 10,
            cooldown_minutes: 5,
            tasks: [{ action: 'command', payload: '', delay_seconds: 0 }],
          },
    );
  }, [open, schedule, form]);

  const label = {
    minute: t('tasks.field.minute', 'Minute'),
    hour: t('tasks.field.hour', 'Hour'),
    day_of_month: t('tasks.field.dayOfMonth', 'Day of month'),
    month: t('tasks.field.month', 'Month'),
    day_of_week: t('tasks.field.dayOfWeek', 'Day of week'),
  };
  const presetLabel: Record<string, string> = {
    hourly: t('tasks.preset.hourly', 'Every hour'),
    every6h: t('tasks.preset.every6h', 'Every 6 hours'),
    daily4: t('tasks.preset.daily4', 'Every day at 4:00'),
    weekly: t('tasks.preset.weekly', 'Mondays at 4:00'),
    monthly: t('tasks.preset.monthly', 'Monthly, on the 1st at 4:00'),
  };

  const submit = async (values: Values) => {
    const body = {
      name: values.name,
      minute: values.minute,
      hour: values.hour,
      day_of_month: values.day_of_month,
      month: values.month,
      day_of_week: values.day_of_week,
      timezone: values.timezone || browserTimezone(),
      only_when_online: values.only_when_online ?? false,
      run_missed: values.run_missed ?? false,
      enabled: values.enabled ?? true,
      run_on_cron: values.run_on_cron ?? true,
      trigger_event: values.trigger_event ?? null,
      trigger_minutes: values.trigger_event === 'empty' ? (values.trigger_minutes ?? null) : null,
      ...(values.trigger_event ? { cooldown_minutes: values.cooldown_minutes ?? 5 } : {}),
      tasks: (values.tasks ?? []).map((task) => ({ action: task.action, payload: task.payload ?? '', delay_seconds: task.delay_seconds ?? 0, continue_on_failure: task.continue_on_failure ?? false })),
    };
    const result = schedule ? await update({ id: serverId, schedule: schedule.uuid, body }) : await create({ id: serverId, body });
    if (!('error' in result)) onClose();
  };

  return (
    <Modal
      open={open}
      width={720}
      title={schedule ? t('tasks.dialog.editTitle', 'Edit schedule') : t('tasks.dialog.createTitle', 'New schedule')}
      okText={t('tasks.dialog.save', 'Save')}
      cancelText={t('tasks.cancel', 'Cancel')}
      confirmLoading={creation.isLoading || updating.isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <ServerFieldErrors shownByItems="all" />
        <Form.Item name="name" label={t('tasks.field.name', 'Name')} extra={<FieldMessages field="name" label={t('tasks.field.name', 'Name')} />}>
          <Input maxLength={191} placeholder={t('tasks.field.namePlaceholder', 'e.g. Nightly restart')} />
        </Form.Item>
        <Space wrap style={{ marginBottom: 8 }} aria-label={t('tasks.presets', 'Presets')}>
          {cronPresets.map((preset) => (
            <Button key={preset.key} size="small" onClick={() => form.setFieldsValue(preset.parts)}>
              {presetLabel[preset.key]}
            </Button>
          ))}
        </Space>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(110px, 1fr))', gap: 8 }}>
          {CRON_FIELDS.map((field) => (
            <Form.Item key={field} name={field} label={label[field]} extra={<FieldMessages field={field} label={label[field]} />} style={{ marginBottom: 8 }}>
              <Input maxLength={64} style={{ fontFamily: 'monospace' }} />
            </Form.Item>
          ))}
        </div>
        <Typography.Paragraph data-testid="cron-description" type={description === null ? 'warning' : undefined}>
          {description === null ? t('tasks.cronInvalid', 'This is not a valid cron expression yet.') : description}
        </Typography.Paragraph>
        <Form.Item name="timezone" label={t('tasks.field.timezone', 'Timezone')} extra={<FieldMessages field="timezone" label={t('tasks.field.timezone', 'Timezone')} />}>
          <TimezoneSelect aria-label={t('tasks.field.timezone', 'Timezone')} />
        </Form.Item>
        <ScheduleTriggerFields />
        <Form.Item
          name="run_missed"
          valuePropName="checked"
          style={{ marginBottom: 4 }}
          extra={t('tasks.field.runMissedHelp', 'If the panel was down at the planned time, the schedule runs once as soon as it is back.')}
        >
          <Checkbox>{t('tasks.field.runMissed', 'Run once when the panel is back')}</Checkbox>
        </Form.Item>
        <Form.Item name="only_when_online" valuePropName="checked" style={{ marginBottom: 4 }}>
          <Checkbox>{t('tasks.field.onlyWhenOnline', 'Only when the server is online')}</Checkbox>
        </Form.Item>
        <Form.Item name="enabled" valuePropName="checked">
          <Checkbox>{t('tasks.field.enabled', 'Enabled')}</Checkbox>
        </Form.Item>
        <Typography.Title level={5}>{t('tasks.chain', 'Tasks, in order')}</Typography.Title>
        <Form.List name="tasks">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <ScheduleTaskRow key={field.key} index={index} name={field.name} onRemove={() => remove(field.name)} />
              ))}
              <Button icon={<PlusOutlined />} disabled={fields.length >= 10} onClick={() => add({ action: 'command', payload: '', delay_seconds: 0 })}>
                {t('tasks.addTask', 'Add task')}
              </Button>
              <FieldMessages field="tasks" label={t('tasks.chain', 'Tasks, in order')} />
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
