import { Button } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainDateTimeInput, isIncompleteDateTime, localDateTimeToIso } from '../../../components/PlainDateTimeInput';
import { PlainInput } from '../../../components/PlainInput';
import { InlineField, InlineForm, inlineControlProps, useCheckedField, validateAll } from './InlineForm';
import { useFormValidation } from '../../../core/validation/useFormFieldErrors';
import { playerNameCheck } from './playerChecks';

/** The form's name: the server's messages for its fields show only after it was sent. */
const FORM = 'bans';

/** Props of {@link BanForm}. */
export interface BanFormProps {
  /** `expires` is an ISO 8601 instant, or null for a ban for good. */
  onSubmit: (name: string, reason: string, expires: string | null) => Promise<boolean>;
}

/** A player's name, an optional reason and end, and the button that bans them. */
export function BanForm({ onSubmit }: BanFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const name = useCheckedField('', playerNameCheck(t), { form: FORM, field: 'name' });
  const reason = useCheckedField('', undefined, { form: FORM, field: 'reason' });
  const until = useCheckedField('', undefined, { form: FORM, field: 'expires_at' });
  const { submitted } = useFormValidation(FORM);
  const untilInput = useRef<HTMLInputElement>(null);
  // A half-typed date leaves the native value empty: without this it would ban for good.
  const [incomplete, setIncomplete] = useState(false);
  const untilError = incomplete ? t('players.untilIncomplete', 'Enter the whole date and time, or none for a ban for good') : until.error;

  const submit = async () => {
    const unfinished = isIncompleteDateTime(untilInput.current);
    setIncomplete(unfinished);
    if (!validateAll([name]) || unfinished) return;
    submitted();
    if (await onSubmit(name.value, reason.value.trim(), localDateTimeToIso(until.value))) {
      name.reset();
      reason.reset();
      until.reset();
    }
  };
  return (
    <InlineForm name={FORM} onSubmit={() => void submit()}>
      <InlineField id={`${id}-name`} label={t('players.name', 'Name')} required error={name.error}>
        <PlainInput {...inlineControlProps(`${id}-name`, name.error, true)} maxLength={16} value={name.value} onChange={(event) => name.change(event.target.value)} />
      </InlineField>
      <InlineField id={`${id}-reason`} label={t('players.reason', 'Reason')} error={reason.error}>
        <PlainInput {...inlineControlProps(`${id}-reason`, reason.error)} maxLength={256} value={reason.value} onChange={(event) => reason.change(event.target.value)} />
      </InlineField>
      <InlineField id={`${id}-until`} label={t('players.until', 'Until (empty: for good)')} error={untilError}>
        <PlainDateTimeInput
          {...inlineControlProps(`${id}-until`, untilError)}
          ref={untilInput}
          value={until.value}
          onChange={(value) => {
            setIncomplete(false);
            until.change(value);
          }}
        />
      </InlineField>
      <Button htmlType="submit" danger>
        {t('players.ban', 'Ban')}
      </Button>
    </InlineForm>
  );
}
