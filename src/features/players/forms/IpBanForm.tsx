import { Button } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainInput } from '../../../components/PlainInput';
import { InlineField, InlineForm, inlineControlProps, useCheckedField, validateAll } from './InlineForm';
import { useFormValidation } from '../../../core/validation/useFormFieldErrors';
import { requiredCheck } from './playerChecks';

/** The form's name: the server's messages for its fields show only after it was sent. */
const FORM = 'ip-bans';

/** Props of {@link IpBanForm}. */
export interface IpBanFormProps {
  onSubmit: (ip: string, reason: string) => Promise<boolean>;
}

/** An IP address, an optional reason, and the button that bans the address. */
export function IpBanForm({ onSubmit }: IpBanFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const ip = useCheckedField('', requiredCheck(t), { form: FORM, field: 'ip' });
  const reason = useCheckedField('', undefined, { form: FORM, field: 'reason' });
  const { submitted } = useFormValidation(FORM);
  const submit = async () => {
    if (!validateAll([ip])) return;
    submitted();
    if (!(await onSubmit(ip.value.trim(), reason.value.trim()))) return;
    ip.reset();
    reason.reset();
  };
  return (
    <InlineForm name={FORM} onSubmit={() => void submit()}>
      <InlineField id={`${id}-ip`} label={t('players.ip', 'IP address')} required error={ip.error}>
        <PlainInput {...inlineControlProps(`${id}-ip`, ip.error, true)} maxLength={45} value={ip.value} onChange={(event) => ip.change(event.target.value)} />
      </InlineField>
      <InlineField id={`${id}-reason`} label={t('players.reason', 'Reason')} error={reason.error}>
        <PlainInput {...inlineControlProps(`${id}-reason`, reason.error)} maxLength={256} value={reason.value} onChange={(event) => reason.change(event.target.value)} />
      </InlineField>
      <Button htmlType="submit" danger>
        {t('players.banIp', 'Ban address')}
      </Button>
    </InlineForm>
  );
}
