import type { TFunction } from 'i18next';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';

/**
 * The browser's side of passkeys (WebAuthn through @simplewebauthn/browser). The library is
 * loaded only when a passkey is used, so the login page's first load does not carry it.
 */

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Asks the authenticator for a new passkey with the panel's options (navigator.credentials.create). */
export async function createPasskey(options: Record<string, unknown>): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
}

/** Asks the authenticator to sign the panel's challenge with a passkey (navigator.credentials.get). */
export async function signWithPasskey(options: Record<string, unknown>): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
}

/**
 * What to tell the user when the browser's part failed: cancelled or timed out (the browser's
 * NotAllowedError), a passkey already on this device, or anything else.
 */
export function passkeyBrowserErrorText(t: TFunction, error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'InvalidStateError') return t('passkeys.browser.exists', 'This device already holds a passkey of your account.');
  if (name === 'NotAllowedError' || name === 'AbortError') return t('passkeys.browser.cancelled', 'No passkey was used: the request was cancelled or timed out.');
  if (name === 'SecurityError') return t('passkeys.browser.insecure', 'Passkeys do not work at this address. Ask your host to set up the panel’s address.');
  return t('passkeys.browser.failed', 'The passkey could not be used in this browser.');
}

/** The error notification for a failed browser part (the text as passkeyBrowserErrorText says). */
export function passkeyBrowserNotice(t: TFunction, error: unknown): { type: 'error'; title: string; text: string } {
  return { type: 'error', title: t('passkeys.title', 'Passkeys'), text: passkeyBrowserErrorText(t, error) };
}
