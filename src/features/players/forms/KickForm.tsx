import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinedButtonStyle, PlainInput } from '../../../components/PlainInput';

/** Props of {@link KickForm}. */
export interface KickFormProps {
  name: string;
  onKick: (reason: string) => Promise<boolean>;
}

/** An optional reason and the button that kicks one online player, in their table row. */
export function KickForm({ name, onKick }: KickFormProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <span style={{ display: 'inline-flex' }}>
      <PlainInput
        size="small"
        joined
        value={reason}
        maxLength={256}
        onChange={(event) => setReason(event.target.value)}
        placeholder={t('players.reason', 'Reason')}
        aria-label={t('players.kickReasonNamed', 'Reason to kick {{name}}', { name })}
      />
      <Button size="small" danger style={joinedButtonStyle} onClick={() => void onKick(reason.trim())}>
        {t('players.kick', 'Kick')}
      </Button>
    </span>
  );
}
