import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { notificationAdded } from '../../../core/notifications/notificationsSlice';
import { passkeyBrowserNotice, signWithPasskey } from '../../../components/passkeys/browserPasskeys';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { useLoginNotices } from '../useLoginNotices';

interface Ceremony {
  ceremony_id: string;
  options: Record<string, unknown>;
}

/**
 * One passkey sign-in: the panel's options, the browser's passkey prompt, the panel's check.
 * Server refusals are shown by the listeners; the browser's own failures (cancelled, timed out)
 * are told here. Answers `run` and whether one is under way.
 */
export function usePasskeySignIn(
  start: () => Promise<{ data: Ceremony }>,
  finish: (ceremonyId: string, credential: AuthenticationResponseJSON) => Promise<{ data: { failed_two_factor_attempts?: number } }>,
  onComplete: () => void,
) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const notices = useLoginNotices();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const { data: ceremony } = await start();
      let credential: AuthenticationResponseJSON;
      try {
        credential = await signWithPasskey(ceremony.options);
      } catch (error) {
        dispatch(notificationAdded(passkeyBrowserNotice(t, error)));
        return;
      }
      const { data } = await finish(ceremony.ceremony_id, credential);
      notices(data);
      onComplete();
    } catch {
      // The listeners show the server's message.
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
