import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** Hashes a password with argon2id (library defaults: 64 MiB, 3 passes). No length truncation. */
export const hashPassword = (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id });

/** How many password hashes were checked since the process started (read by tests and metrics). */
export const passwordVerifications = { count: 0 };

/** True when the password matches the stored hash; a malformed hash counts as no match. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  passwordVerifications.count += 1;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Does the same work as a real check and answers false. Used for unknown logins so that their
 * answer takes as long as a wrong password for a real account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
