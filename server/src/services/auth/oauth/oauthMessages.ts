/**
 * What social login answers when it refuses. The web app shows each in the customer's language:
 * keep them word for word as in src/features/auth/social/socialMessages.ts.
 */
export const oauthMessages = {
  invalidState: 'This sign-in attempt is invalid or has expired. Please try again.',
  providerFailed: 'The provider’s answer could not be verified. Please try again.',
  providerDenied: 'The sign-in was cancelled at the provider.',
  emailInUse: 'An account with this email address already exists. Log in with your password, then link this provider from your account page.',
  unverifiedEmail: 'The provider has not verified your email address, so it cannot be used to sign in here.',
  signupClosed: 'No account is linked to this identity, and sign-up is closed. Log in, then link this provider from your account page.',
  linkedElsewhere: 'This identity is already linked to another account.',
  alreadyLinked: 'A login of this provider is already linked to your account. Unlink it first.',
  lastWayIn: 'This is your only way to log in. Set a password first (Forgot password on the login page) or add a passkey, then unlink it.',
} as const;
