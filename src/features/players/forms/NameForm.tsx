import { Button } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainInput } from '../../../components/PlainInput';
import { InlineField, InlineForm, inlineControlProps, useCheckedField, validateAll } from './InlineForm';
import { useFormValidation } from '../../../core/validation/useFormFieldErrors';
import { playerNameCheck } from './playerChecks';

/** The form's name: the server's messages for its fields show only after it was sent. */
const FORM = 'whitelist';

/** Props of {@link NameForm}. */
export interface NameFormProps {
  /** The button's text. */
  label: string;
  onSubmit: (name: string) => Promise<boolean>;
}

/** A player's name and a button (adds to the whitelist); emptied once the change is made. */
export function NameForm({ label, onSubmit }: NameFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const name = useCheckedField('', playerNameCheck(t), { form: FORM, field: 'name' });
  const { submitted } = useFormValidation(FORM);
  const submit = async () => {
    if (!validateAll([name])) return;
    submitted();
    if (await onSubmit(name.value)) name.reset();
  };
  return (
    <InlineForm name={FORM} onSubmit={() => void submit()}>
      <InlineField id={`${id}-name`} label={t('players.name', 'Name')} required error={name.error}>
        <PlainInput {...inlineControlProps(`${id}-name`, name.error, true)} maxLength={16} value={name.value} onChange={(event) => name.change(event.target.value)} />
      </InlineField>
      <Button htmlType="submit" type="primary">
        {label}
      </Button>
    </InlineForm>
  );
}
