import { DeleteOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../core/validation/useFieldErrors';
import { FieldErrors } from '../../components/FieldErrors';
import { PlainSelect } from '../../components/PlainSelect';

/** One task of a schedule's chain, as the form holds it. */
export interface TaskValues {
  action: 'command' | 'power' | 'backup';
  payload?: string;
  delay_seconds?: number;
  continue_on_failure?: boolean;
}

/** The server's messages for one field of the form (e.g. `tasks.0.payload`). */
export function FieldMessages({ field, label }: { field: string; label: string }) {
  return <FieldErrors messages={useFieldErrors(field)} label={label} />;
}

/** One task of the chain: its action, what it sends (command, power action or files to leave out), delay, and whether a failure stops the chain. */
export function ScheduleTaskRow({ index, name, onRemove }: { index: number; name: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const action = Form.useWatch(['tasks', name, 'action']) as TaskValues['action'] | undefined;
  const actionLabel = t('tasks.task.action', 'Action');
  const payloadLabel = action === 'power' ? t('tasks.task.signal', 'Power action') : action === 'backup' ? t('tasks.task.ignored', 'Files to leave out') : t('tasks.task.command', 'Command');
  return (
    <fieldset style={{ border: '1px solid rgba(128,128,128,0.3)', borderRadius: 8, padding: 12, marginBottom: 12 }} aria-label={t('tasks.task.label', 'Task {{n}}', { n: index + 1 })}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start' }}>
        <Form.Item name={[name, 'action']} label={actionLabel} style={{ minWidth: 140, marginBottom: 8 }} extra={<FieldMessages field={`tasks.${index}.action`} label={actionLabel} />}>
          <PlainSelect
            aria-label={actionLabel}
            options={[
              { value: 'command', label: t('tasks.action.command', 'Send a command') },
              { value: 'power', label: t('tasks.action.power', 'Power action') },
              { value: 'backup', label: t('tasks.action.backup', 'Create a backup') },
            ]}
          />
        </Form.Item>
        <Form.Item name={[name, 'payload']} label={payloadLabel} style={{ flex: 1, minWidth: 180, marginBottom: 8 }} extra={<FieldMessages field={`tasks.${index}.payload`} label={payloadLabel} />}>
          {action === 'power' ? (
            <PlainSelect
              aria-label={payloadLabel}
              options={[
                { value: 'start', label: t('tasks.signal.start', 'Start') },
                { value: 'stop', label: t('tasks.signal.stop', 'Stop') },
                { value: 'restart', label: t('tasks.signal.restart', 'Restart') },
                { value: 'kill', label: t('tasks.signal.kill', 'Kill') },
              ]}
            />
          ) : action === 'backup' ? (
            <Input.TextArea rows={2} placeholder={t('backups.create.ignoredPlaceholder', 'logs/')} />
          ) : (
            <Input maxLength={255} placeholder={t('tasks.task.commandPlaceholder', 'e.g. say Restart in 5 minutes')} />
          )}
        </Form.Item>
        <Form.Item
          name={[name, 'delay_seconds']}
          label={t('tasks.task.delay', 'Delay (seconds)')}
          style={{ width: 130, marginBottom: 8 }}
          extra={<FieldMessages field={`tasks.${index}.delay_seconds`} label={t('tasks.task.delay', 'Delay (seconds)')} />}
        >
          <InputNumber min={0} max={900} style={{ width: '100%' }} />
        </Form.Item>
        <Button danger icon={<DeleteOutlined />} aria-label={t('tasks.task.remove', 'Remove task {{n}}', { n: index + 1 })} onClick={onRemove} style={{ marginTop: 30 }} />
      </div>
      <Form.Item name={[name, 'continue_on_failure']} valuePropName="checked" style={{ marginBottom: 0 }}>
        <Checkbox>{t('tasks.task.continueOnFailure', 'Go on with the next task if this one fails')}</Checkbox>
      </Form.Item>
    </fieldset>
  );
}
