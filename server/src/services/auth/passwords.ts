import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/**
 * The test suites (Jest sets NODE_ENV=test) may ask for light hashes with
 * PANEL_TEST_PASSWORD_HASH=light: 1 MiB and 1 pass instead of 64 MiB and 3. Their hundreds of
 * sign-ups and logins otherwise spend minutes of CPU on hashing alone. A panel never runs with
 * NODE_ENV=test (npm start does not set it), so the setting does not weaken a real panel's hashes.
 */
function hashCost(): { memoryCost?: number; timeCost?: number } {
  return process.env.NODE_ENV === 'test' && process.env.PANEL_TEST_PASSWORD_HASH === 'light' ? { memoryCost: 1024, timeCost: 1 } : {};
}

/**
 * Hashes a password with argon2id (library defaults: 64 MiB, 3 passes). No length truncation.
 * A stored hash names its own cost, so verification follows whichever cost made it.
 */
export const hashPassword = (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id, ...hashCost() });

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
