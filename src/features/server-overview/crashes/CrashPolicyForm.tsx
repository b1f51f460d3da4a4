import { Button, InputNumber, Space, Switch, Typography } from 'antd';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetServerCrashPolicyQuery, useUpdateServerCrashPolicyMutation } from '../../../api/crashes';
import { FieldErrors } from '../../../components/FieldErrors';
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
  const policy = useGetServerCrashPolicyQuery({ id: serverId });
  const current = policy.data?.data;
  // The fields start from the policy once it is there (remounted for another server's).
  return current ? <PolicyFields key={serverId} serverId={serverId} editable={editable} initial={current} /> : null;
}

/** Props of {@link InlineField}. */
interface InlineFieldProps {
  id: string;
  label: string;
  messages: readonly string[];
  children: ReactNode;
}

/** A label, its control beside it and the server's messages for it underneath, in a row of fields. */
function InlineField({ id, label, messages, children }: InlineFieldProps) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <label htmlFor={id}>{label}</label>
        {children}
      </div>
      {messages.length > 0 ? (
        <Typography.Text type="danger" id={`${id}-errors`}>
          <FieldErrors messages={messages} label={label} />
        </Typography.Text>
      ) : null}
    </div>
  );
}

/**
 * The policy's three fields, a plain form of antd controls: the overview stays free of antd's
 * form engine (its validation library included), which nothing here needs.
 */
function PolicyFields({ serverId, editable, initial }: { serverId: string; editable: boolean; initial: PolicyValues }) {
  const { t } = useTranslation();
  const [update, saving] = useUpdateServerCrashPolicyMutation();
  const { submitted, edited } = useFormValidation(FORM);
  const [values, setValues] = useState<PolicyValues>(initial);
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
  const change = <Field extends keyof PolicyValues>(field: Field, value: PolicyValues[Field] | null) => {
    // A number field emptied keeps its last value: the API wants a number.
    if (value === null) return;
    setValues((previous) => ({ ...previous, [field]: value }));
    edited(field);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    submitted();
    // The answer (and a 422's messages) land in the store; the listeners raise the error notice.
    void update({ id: serverId, body: values });
  };
  const id = (field: keyof PolicyValues) => `${FORM}_${field}`;
  const invalid = (field: keyof PolicyValues) => (errors[field].length > 0 ? { 'aria-invalid': true, 'aria-describedby': `${id(field)}-errors` } : {});
  const numbersDisabled = !editable || !values.enabled;
  return (
    <form name={FORM} onSubmit={save} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 16, rowGap: 8 }}>
      <InlineField id={id('enabled')} label={labels.enabled} messages={errors.enabled}>
        <Switch id={id('enabled')} checked={values.enabled} disabled={!editable} onChange={(checked) => change('enabled', checked)} {...invalid('enabled')} />
      </InlineField>
      <InlineField id={id('max_restarts')} label={labels.max_restarts} messages={errors.max_restarts}>
        <InputNumber
          id={id('max_restarts')}
          min={1}
          max={20}
          precision={0}
          value={values.max_restarts}
          disabled={numbersDisabled}
          status={errors.max_restarts.length > 0 ? 'error' : undefined}
          onChange={(value) => change('max_restarts', value)}
          style={{ width: 90 }}
          {...invalid('max_restarts')}
        />
      </InlineField>
      <InlineField id={id('window_minutes')} label={labels.window_minutes} messages={errors.window_minutes}>
        <InputNumber
          id={id('window_minutes')}
          min={1}
          max={1440}
          precision={0}
          value={values.window_minutes}
          disabled={numbersDisabled}
          status={errors.window_minutes.length > 0 ? 'error' : undefined}
          onChange={(value) => change('window_minutes', value)}
          style={{ width: 100 }}
          {...invalid('window_minutes')}
        />
      </InlineField>
      {editable ? (
        <Space>
          <Button type="primary" htmlType="submit" loading={saving.isLoading}>
            {t('overview.crashes.policy.save', 'Save')}
          </Button>
          {saving.isSuccess && !saving.isLoading ? <Typography.Text type="success">{t('overview.crashes.policy.saved', 'Saved')}</Typography.Text> : null}
        </Space>
      ) : null}
    </form>
  );
}
