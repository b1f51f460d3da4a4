import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResets } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;

/** A new reset token for the account (shown once, in the mail); only its hash is stored. */
export async function createPasswordReset(db: Database, userId: number, ip: string | null): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS);
  await db.insert(passwordResets).values({ userId, tokenHash: hashToken(token), requestIp: ip?.slice(0, 64) ?? null, expiresAt });
  return { token, expiresAt };
}

/**
 * Spends a reset token: answers the account's id once for a live token, null for an unknown,
 * spent or expired one. One atomic update, so two parallel resets cannot both use it. Every other
 * open reset of the account is spent too.
 */
export async function redeemPasswordReset(db: Database, token: string): Promise<number | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ userId: passwordResets.userId });
  if (!row) return null;
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
  return row.userId;
}

/** True when the token is live (for the reset page to say early that a link is spent). */
export async function isPasswordResetLive(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .limit(1);
  return Boolean(row);
}
