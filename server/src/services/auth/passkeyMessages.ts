/** The texts the passkey routes answer with, in one place so tests and clients see the same words. */
export const passkeyMessages = {
  expired: 'This passkey request is invalid or has expired. Please try again.',
  notVerified: 'This passkey could not be verified.',
  alreadyRegistered: 'This passkey is already registered.',
  notFound: 'Passkey not found.',
  noPasskeys: 'This account has no passkey.',
  tooMany: (max: number) => `An account can have at most ${max} passkeys.`,
} as const;
