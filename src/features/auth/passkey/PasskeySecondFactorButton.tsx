import { useTranslation } from 'react-i18next';
import { usePasskeyCheckpointMutation, useStartPasskeyCheckpointMutation } from '../../../api/auth';
import { PanelButton } from '../../../components/form/PanelButton';
import { passkeysSupported } from '../../../components/passkeys/browserPasskeys';
import { usePasskeySignIn } from './usePasskeySignIn';

/** Props of {@link PasskeySecondFactorButton}. */
export interface PasskeySecondFactorButtonProps {
  confirmationToken: string;
  onComplete: () => void;
}

/** "Use a passkey" on the two-factor step: one of the account's passkeys instead of the code. */
export function PasskeySecondFactorButton({ confirmationToken, onComplete }: PasskeySecondFactorButtonProps) {
  const { t } = useTranslation();
  const [start] = useStartPasskeyCheckpointMutation();
  const [checkpoint] = usePasskeyCheckpointMutation();
  const { run, busy } = usePasskeySignIn(
    () => start({ body: { token: confirmationToken } }).unwrap(),
    (ceremonyId, credential) => checkpoint({ body: { token: confirmationToken, ceremony_id: ceremonyId, credential } }).unwrap(),
    onComplete,
  );
  if (!passkeysSupported()) return null;
  return (
    <PanelButton variant="link" loading={busy} onClick={() => void run()} style={{ marginBlockStart: 8 }}>
      {t('passkeys.login.secondFactor', 'Use a passkey')}
    </PanelButton>
  );
}
