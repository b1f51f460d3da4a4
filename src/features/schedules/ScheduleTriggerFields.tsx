import { Checkbox, Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from './ScheduleTaskRow';
import { triggerEvents, useTriggerEventText, type TriggerEvent } from './triggerEventText';

/** The form values of a schedule's event trigger. */
export interface TriggerValues {
  run_on_cron?: boolean;
  trigger_event?: TriggerEvent | null;
  trigger_minutes?: number | null;
  cooldown_minutes?: number;
}

/**
 * Whether the cron times run the schedule, the event that also runs it (crash, start, empty for
 * some minutes, a player joining, a threshold), the minutes an empty server waits, and the
 * cooldown between two event runs. The server checks the combination and answers per field.
 */
export function ScheduleTriggerFields() {
  const { t } = useTranslation();
  const eventText = useTriggerEventText();
  const event = Form.useWatch<TriggerEvent | null | undefined>('trigger_event');
  const labels = {
    event: t('tasks.field.triggerEvent', 'Also run when'),
    minutes: t('tasks.field.triggerMinutes', 'Minutes without players'),
    cooldown: t('tasks.field.cooldownMinutes', 'Cooldown (minutes)'),
  };
  return (
    <>
      <Form.Item name="run_on_cron" valuePropName="checked" style={{ marginBottom: 4 }}>
        <Checkbox>{t('tasks.field.runOnCron', 'Run at the cron times')}</Checkbox>
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="trigger_event" label={labels.event} extra={<FieldMessages field="trigger_event" label={labels.event} />} style={{ minWidth: 280 }}>
          <Select aria-label={labels.event} options={[{ value: null, label: t('tasks.field.triggerNone', 'No event') }, ...triggerEvents.map((value) => ({ value, label: eventText(value) }))]} />
        </Form.Item>
        {event === 'empty' && (
          <Form.Item name="trigger_minutes" label={labels.minutes} extra={<FieldMessages field="trigger_minutes" label={labels.minutes} />}>
            <InputNumber aria-label={labels.minutes} min={1} max={1440} precision={0} />
          </Form.Item>
        )}
        {event && (
          <Form.Item
            name="cooldown_minutes"
            label={labels.cooldown}
            extra={
              <>
                {t('tasks.field.cooldownHelp', 'After an event run, the same event does not run it again for this long, so a server that keeps crashing does not loop.')}
                <FieldMessages field="cooldown_minutes" label={labels.cooldown} />
              </>
            }
            style={{ maxWidth: 320 }}
          >
            <InputNumber aria-label={labels.cooldown} min={1} max={1440} precision={0} />
          </Form.Item>
        )}
      </Space>
    </>
  );
}
