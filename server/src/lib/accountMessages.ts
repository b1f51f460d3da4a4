/** The texts account routes answer with, in one place so tests and clients see the same words. */
export const accountMessages = {
  confirmationMismatch: 'The password confirmation does not match',
  taken: {
    username: 'This username is already taken',
    email: 'This email address is already in use',
  },
  badCredentials: 'These credentials do not match our records.',
  wrongPassword: 'The password is incorrect',
  suspended: 'This account has been suspended.',
  confirmationExpired: 'This login confirmation is invalid or has expired. Please log in again.',
  invalidCode: 'The two-factor authentication code is invalid.',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled.',
  twoFactorNotEnabled: 'Two-factor authentication is not enabled.',
  twoFactorNotEnrolled: 'Start the two-factor set-up first.',
  tooManyAttempts: (seconds: number) => `Too many attempts. Please try again in ${seconds} seconds.`,
} as const;
