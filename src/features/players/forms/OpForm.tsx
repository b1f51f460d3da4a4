import { Button } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainInput } from '../../../components/PlainInput';
import { InlineField, InlineForm, inlineControlProps, useCheckedField, validateAll } from './InlineForm';
import { useFormValidation } from '../../../core/validation/useFormFieldErrors';
import { playerNameCheck, requiredCheck } from './playerChecks';

const LEVELS = { min: 1, max: 4 };

/** A typed level as the game takes it: a whole number from 1 to 4 (antd's InputNumber clamped too). */
export function clampLevel(value: string): string {
  const level = Number(value);
  if (value.trim() === '' || Number.isNaN(level)) return value;
  return String(Math.min(LEVELS.max, Math.max(LEVELS.min, Math.round(level))));
}

/** The form's name: the server's messages for its fields show only after it was sent. */
const FORM = 'operators';

/** Props of {@link OpForm}. */
export interface OpFormProps {
  onSubmit: (name: string, level: number) => Promise<boolean>;
}

/** A player's name and operator level (4 unless changed), and the button that makes them operator. */
export function OpForm({ onSubmit }: OpFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const name = useCheckedField('', playerNameCheck(t), { form: FORM, field: 'name' });
  const level = useCheckedField(String(LEVELS.max), requiredCheck(t), { form: FORM, field: 'level' });
  const { submitted } = useFormValidation(FORM);
  const submit = async () => {
    if (!validateAll([name, level])) return;
    submitted();
    if (await onSubmit(name.value, Number(clampLevel(level.value)))) {
      name.reset();
      level.reset();
    }
  };
  return (
    <InlineForm name={FORM} onSubmit={() => void submit()}>
      <InlineField id={`${id}-name`} label={t('players.name', 'Name')} required error={name.error}>
        <PlainInput {...inlineControlProps(`${id}-name`, name.error, true)} maxLength={16} value={name.value} onChange={(event) => name.change(event.target.value)} />
      </InlineField>
      <InlineField id={`${id}-level`} label={t('players.level', 'Level')} error={level.error}>
        <PlainInput
          {...inlineControlProps(`${id}-level`, level.error)}
          type="number"
          inputMode="numeric"
          min={LEVELS.min}
          max={LEVELS.max}
          step={1}
          style={{ width: 90 }}
          value={level.value}
          onChange={(event) => level.change(event.target.value)}
          onBlur={() => level.value !== clampLevel(level.value) && level.change(clampLevel(level.value))}
        />
      </InlineField>
      <Button htmlType="submit" type="primary">
        {t('players.makeOp', 'Make operator')}
      </Button>
    </InlineForm>
  );
}
