import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { hashPassword } from './passwords';
import { createUser } from './userAccounts';

/**
 * A customer's own registration: the account with its password hashed, recorded as
 * `auth.register`. The caller has checked the fields (taken names answer 422 before this).
 */
export async function registerAccount(db: Database, { username, email, password }: { username: string; email: string; password: string }, ip: string): Promise<UserRow> {
  const user = await createUser(db, { username, email, passwordHash: await hashPassword(password) });
  await recordAudit(db, { actorId: user.id, event: 'auth.register', ip, properties: { username } });
  return user;
}
