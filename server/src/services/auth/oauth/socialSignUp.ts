import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { ValidationError } from '../../../lib/errors';
import { recordAudit } from '../../audit/audit';
import { createUser, findTakenFields } from '../userAccounts';
import { NO_PASSWORD } from './linkedIdentities';
import type { ProviderIdentity } from './oauthProfiles';

/** The username rule's characters (schemas/auth USERNAME_PATTERN), 3 to 32 of them. */
function usernameBase(identity: ProviderIdentity): string {
  const from = identity.username ?? identity.email?.split('@')[0] ?? 'player';
  const cleaned = from
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '')
    .slice(0, 24);
  return cleaned.length >= 3 ? cleaned : `player${cleaned}`;
}

/**
 * A new account for a person the provider vouches for (verified email, checked by the caller):
 * the username from their provider name (a number added when taken), no password, recorded as
 * `auth.register` with the provider. Null when the email was taken meanwhile.
 */
export async function signUpWithIdentity(db: Database, provider: string, identity: ProviderIdentity & { email: string }, ip: string): Promise<UserRow | null> {
  const base = usernameBase(identity);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const username = attempt === 0 ? base : `${base}${randomBytes(2).readUInt16BE() % 10000}`;
    const taken = await findTakenFields(db, { username, email: identity.email });
    if (taken.includes('email')) return null;
    if (taken.includes('username')) continue;
    try {
      const user = await createUser(db, { username, email: identity.email, passwordHash: NO_PASSWORD });
      await recordAudit(db, { actorId: user.id, event: 'auth.register', ip, properties: { username, provider } });
      return user;
    } catch (error) {
      // A race with another sign-up: another name, or the email went meanwhile.
      if (!(error instanceof ValidationError)) throw error;
      if (error.errors.email) return null;
    }
  }
  return null;
}
