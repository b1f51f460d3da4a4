import type { TFunction } from 'i18next';

/**
 * The refusals of social login in the customer's language. The keys are the server's sentences
 * word for word (server/src/services/auth/oauth/oauthMessages.ts); others are shown as sent.
 */
export function socialMessage(t: TFunction, message: string | undefined): string {
  const known: Record<string, string> = {
    'This sign-in attempt is invalid or has expired. Please try again.': t('oauth.error.invalidState', 'This sign-in attempt is invalid or has expired. Please try again.'),
    'The provider’s answer could not be verified. Please try again.': t('oauth.error.providerFailed', 'The provider’s answer could not be verified. Please try again.'),
    'The sign-in was cancelled at the provider.': t('oauth.error.providerDenied', 'The sign-in was cancelled at the provider.'),
    'An account with this email address already exists. Log in with your password, then link this provider from your account page.': t(
      'oauth.error.emailInUse',
      'An account with this email address already exists. Log in with your password, then link this provider from your account page.',
    ),
    'The provider has not verified your email address, so it cannot be used to sign in here.': t(
      'oauth.error.unverifiedEmail',
      'The provider has not verified your email address, so it cannot be used to sign in here.',
    ),
    'No account is linked to this identity, and sign-up is closed. Log in, then link this provider from your account page.': t(
      'oauth.error.signupClosed',
      'No account is linked to this identity, and sign-up is closed. Log in, then link this provider from your account page.',
    ),
    'This identity is already linked to another account.': t('oauth.error.linkedElsewhere', 'This identity is already linked to another account.'),
    'A login of this provider is already linked to your account. Unlink it first.': t('oauth.error.alreadyLinked', 'A login of this provider is already linked to your account. Unlink it first.'),
    'This is your only way to log in. Set a password first (Forgot password on the login page) or add a passkey, then unlink it.': t(
      'oauth.error.lastWayIn',
      'This is your only way to log in. Set a password first (Forgot password on the login page) or add a passkey, then unlink it.',
    ),
  };
  if (message && known[message]) return known[message];
  return message ?? t('oauth.error.unknown', 'The sign-in could not be finished. Please try again.');
}
