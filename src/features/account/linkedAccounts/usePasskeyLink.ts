import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { useAppDispatch } from '../../../app/hooks';
import { notificationAdded } from '../../../core/notifications/notificationsSlice';
import { useStartAccountLinkMutation, useStartLinkPasskeyConfirmationMutation } from '../../../api/linkedAccounts';
import { passkeyBrowserNotice, signWithPasskey } from '../../../components/passkeys/browserPasskeys';

/**
 * Linking a provider confirmed with one of the account's passkeys instead of the password: the
 * panel's options, the browser's passkey prompt, then the provider's sign-in page. Server refusals
 * are shown by the listeners; the browser's own failures (cancelled, timed out) are told here.
 */
export function usePasskeyLink(provider: string, beforeRequest: () => void) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [startConfirmation] = useStartLinkPasskeyConfirmationMutation();
  const [startLink] = useStartAccountLinkMutation();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    beforeRequest();
    setBusy(true);
    try {
      const { data: ceremony } = await startConfirmation().unwrap();
      let credential: AuthenticationResponseJSON;
      try {
        credential = await signWithPasskey(ceremony.options);
      } catch (error) {
        dispatch(notificationAdded(passkeyBrowserNotice(t, error)));
        return;
      }
      const { data } = await startLink({ provider, body: { ceremony_id: ceremony.ceremony_id, credential } }).unwrap();
      // The provider sends the browser back to /socialite, which finishes the link.
      window.location.assign(data.url);
    } catch {
      // Shown by the listeners.
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
