import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginTokens, type LoginTokenRow } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit';

/** How long a login link from the admin API stays valid. */
export const LOGIN_TOKEN_TTL_MS = 60_000;

/** What {@link issueLoginToken} hands back: the raw token (shown once) and its expiry. */
export interface IssuedLoginToken {
  token: string;
  expiresAt: Date;
}

/**
 * Creates a single-use login token for a user; only its hash is stored. Recorded as
 * `auth.login-link-issued`, naming the admin when a root admin's session issued it (an admin key
 * has no account: its identifier is `issued_by`).
 */
export async function issueLoginToken(
  db: Database,
  user: { id: number; uuid: string },
  { issuedBy, actorId = null, redirectTo, ip }: { issuedBy: string | null; actorId?: number | null; redirectTo: string | null; ip: string },
): Promise<IssuedLoginToken> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + LOGIN_TOKEN_TTL_MS);
  await db.insert(loginTokens).values({ userId: user.id, tokenHash: hashToken(token), issuedBy, redirectTo, expiresAt });
  await recordAudit(db, {
    actorId,
    event: 'auth.login-link-issued',
    ip,
    properties: { user_uuid: user.uuid, issued_by: issuedBy, redirect_to: redirectTo, expires_at: expiresAt.toISOString() },
  });
  return { token, expiresAt };
}

/** Why a presented token cannot log anyone in. */
export type LoginTokenRefusal = 'unknown' | 'used' | 'expired';

/**
 * Spends a token: one atomic update, so two requests racing with the same token cannot both
 * win. Answers the spent row, or why the token was refused (with the row when it exists); a
 * refusal is recorded as `auth.fail` against the token's user, when there is one.
 */
export async function redeemLoginToken(db: Database, token: string, ip: string): Promise<{ row: LoginTokenRow } | { refused: LoginTokenRefusal; row: LoginTokenRow | null }> {
  const tokenHash = hashToken(token);
  const [spent] = await db
    .update(loginTokens)
    .set({ usedAt: new Date(), usedIp: ip.slice(0, 64) })
    .where(and(eq(loginTokens.tokenHash, tokenHash), isNull(loginTokens.usedAt), gt(loginTokens.expiresAt, sql`now()`)))
    .returning();
  if (spent) return { row: spent };
  const [row] = await db.select().from(loginTokens).where(eq(loginTokens.tokenHash, tokenHash)).limit(1);
  const refused: LoginTokenRefusal = !row ? 'unknown' : row.usedAt ? 'used' : 'expired';
  await recordAudit(db, { actorId: row?.userId ?? null, event: 'auth.fail', ip, properties: { reason: `login_link_${refused}` } });
  return { refused, row: row ?? null };
}
