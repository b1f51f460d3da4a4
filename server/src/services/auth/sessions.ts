import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../audit/audit';
import { issueAccessToken, revokeAccessToken, revokeUserSession, type IssuedToken } from './accessTokens';
import { isFirstSession } from './firstSession';
import { failedSecondFactorsSinceLastLogin } from './secondFactorFailures';

/** A session just started, with what the login answer tells the user about it. */
export interface StartedSession {
  issued: IssuedToken;
  /** Wrong second factors entered since the account's previous login. */
  failedTwoFactor: number;
  /** Whether this is the account's first session ever. */
  firstSession: boolean;
}

/**
 * Starts a session after a finished login (password, checkpoint, registration, login link) and
 * records `auth.success`. The wrong second factors are counted before the new success is
 * written: they are the ones since the previous login.
 */
export async function startSession(
  db: Database,
  user: UserRow,
  { remember, method, ip, userAgent }: { remember: boolean; method: string; ip: string; userAgent: string | null },
): Promise<StartedSession> {
  const failedTwoFactor = await failedSecondFactorsSinceLastLogin(db, user.id);
  const issued = await issueAccessToken(db, { userId: user.id, remember, ip, userAgent });
  await recordAudit(db, { actorId: user.id, event: 'auth.success', ip, properties: { method, remember, session_id: issued.id } });
  return { issued, failedTwoFactor, firstSession: await isFirstSession(db, user.id, issued.id) };
}

/** Logs out: the presented token stops working at once (`auth.logout`). */
export async function endSession(db: Database, tokenId: number, actor: Actor): Promise<void> {
  await revokeAccessToken(db, tokenId);
  await recordAudit(db, { actorId: actor.userId, event: 'auth.logout', ip: actor.ip, properties: { session_id: tokenId } });
}

/** Ends another session of the account's own; false when it is not theirs or already ended. */
export async function revokeSession(db: Database, userId: number, tokenId: number, ip: string | null): Promise<boolean> {
  if (!(await revokeUserSession(db, userId, tokenId))) return false;
  await recordAudit(db, { actorId: userId, event: 'account.session-revoked', ip, properties: { session_id: tokenId } });
  return true;
}
