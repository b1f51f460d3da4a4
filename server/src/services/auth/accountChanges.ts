import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { revokeOtherAccessTokens } from './accessTokens';
import { hashPassword } from './passwords';
import { updateUser } from './userAccounts';

/**
 * A user's new password (checked by the caller): every other session of the account ends, the
 * one asking (`keepTokenId`) stays. Recorded as `account.password-changed`.
 */
export async function changePassword(db: Database, me: UserRow, password: string, { keepTokenId, ip }: { keepTokenId: number; ip: string }): Promise<UserRow> {
  const user = await updateUser(db, me.id, { passwordHash: await hashPassword(password) });
  const revoked = await revokeOtherAccessTokens(db, me.id, keepTokenId);
  await recordAudit(db, { actorId: me.id, event: 'account.password-changed', ip, properties: { sessions_revoked: revoked } });
  return user;
}

/** A user's new email address (checked by the caller), recorded as `account.email-changed`. */
export async function changeEmail(db: Database, me: UserRow, email: string, ip: string): Promise<UserRow> {
  const user = await updateUser(db, me.id, { email });
  // Only the domains: enough to trace a takeover, without copying addresses into the log.
  await recordAudit(db, {
    actorId: me.id,
    event: 'account.email-changed',
    ip,
    properties: { old_domain: me.email.split('@').pop(), new_domain: email.split('@').pop() },
  });
  return user;
}
