import { useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginWithPasskeyMutation, useStartPasskeyLoginMutation } from '../../../api/auth';
import { PanelButton } from '../../../components/form/PanelButton';
import { passkeysSupported } from '../../../components/passkeys/browserPasskeys';
import { usePasskeySignIn } from './usePasskeySignIn';

/** Reads the "remember me" box of the form the button sits in. */
function rememberChecked(event: MouseEvent<HTMLButtonElement>): boolean {
  const box = event.currentTarget.form?.elements.namedItem('remember');
  return box instanceof HTMLInputElement && box.checked;
}

/**
 * "Continue with a passkey" on the login page: no username needed, the browser offers the passkeys
 * it holds for the panel. Hidden in browsers without passkeys.
 */
export function PasskeyLoginButton({ onComplete }: { onComplete: () => void }) {
  const { t } = useTranslation();
  const [start] = useStartPasskeyLoginMutation();
  const [login] = useLoginWithPasskeyMutation();
  // Read from the form at the click, for the request that click starts.
  const remember = useRef(false);
  const { run, busy } = usePasskeySignIn(
    () => start().unwrap(),
    (ceremonyId, credential) => login({ body: { ceremony_id: ceremonyId, credential, remember: remember.current } }).unwrap(),
    onComplete,
  );
  if (!passkeysSupported()) return null;
  return (
    <PanelButton
      variant="link"
      loading={busy}
      onClick={(event) => {
        remember.current = rememberChecked(event);
        void run();
      }}
    >
      {t('passkeys.login.button', 'Continue with a passkey')}
    </PanelButton>
  );
}
