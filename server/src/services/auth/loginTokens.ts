import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginTokens, type LoginTokenRow } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

/** How long a login link from the admin API stays valid. */
export const LOGIN_TOKEN_TTL_MS = 60_000;

/** What {@link issueLoginToken} hands back: the raw token (shown once) and its expiry. */
export interface IssuedLoginToken {
  token: string;
  expiresAt: Date;
}

/** Creates a single-use login token for a user; only its hash is stored. */
export async function issueLoginToken(db: Database, { userId, issuedBy, redirectTo }: { userId: number; issuedBy: string | null; redirectTo: string | null }): Promise<IssuedLoginToken> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + LOGIN_TOKEN_TTL_MS);
  await db.insert(loginTokens).values({ userId, tokenHash: hashToken(token), issuedBy, redirectTo, expiresAt });
  return { token, expiresAt };
}

/** Why a presented token cannot log anyone in. */
export type LoginTokenRefusal = 'unknown' | 'used' | 'expired';

/**
 * Spends a token: one atomic update, so two requests racing with the same token cannot both
 * win. Answers the spent row, or why the token was refused (with the row when it exists, so the
 * failure can be recorded against its user).
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
  if (!row) return { refused: 'unknown', row: null };
  return { refused: row.usedAt ? 'used' : 'expired', row };
}
