import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accessTokens, users } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

/** Session lifetime without "remember me". */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** Session lifetime with "remember me". */
export const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface IssuedToken {
  id: number;
  /** The raw bearer token: returned to the client once, stored only as its SHA-256. */
  token: string;
  expiresAt: Date;
}

/** Creates a session: a 256-bit random bearer token, expiring after 24 hours or 30 days. */
export async function issueAccessToken(db: Database, { userId, remember, ip, userAgent }: { userId: number; remember: boolean; ip: string | null; userAgent: string | null }): Promise<IssuedToken> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + (remember ? REMEMBER_TTL_MS : SESSION_TTL_MS));
  const [row] = await db
    .insert(accessTokens)
    .values({ userId, tokenHash: hashToken(token), ip: ip?.slice(0, 64) ?? null, userAgent: userAgent?.slice(0, 512) ?? null, expiresAt })
    .returning({ id: accessTokens.id });
  return { id: row.id, token, expiresAt };
}

/** Revokes one token; it stops authenticating at once. */
export async function revokeAccessToken(db: Database, tokenId: number): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.id, tokenId), isNull(accessTokens.revokedAt)));
}

/** Revokes one of the user's live sessions; false when it is not theirs or already ended. */
export async function revokeUserSession(db: Database, userId: number, tokenId: number): Promise<boolean> {
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, sql`now()`)))
    .returning({ id: accessTokens.id });
  return rows.length > 0;
}

/** Revokes every live token of the user except `keepId`; answers how many ended. */
export async function revokeOtherAccessTokens(db: Database, userId: number, keepId: number | null): Promise<number> {
  const conditions = [eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)];
  if (keepId !== null) conditions.push(ne(accessTokens.id, keepId));
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: accessTokens.id });
  return rows.length;
}

/** The user's unrevoked, unexpired sessions, most recently used first. */
export function listActiveSessions(db: Database, userId: number) {
  return db
    .select()
    .from(accessTokens)
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, sql`now()`)))
    .orderBy(desc(accessTokens.lastUsedAt), desc(accessTokens.id));
}

/** The user of an access token while the token is valid (not revoked, not expired) and the user not suspended. */
export async function activeTokenUser(db: Database, tokenId: number, userId: number): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, sql`now()`)))
    .limit(1);
  return row && !row.user.suspended ? row.user : null;
}
