import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginConfirmations } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

/** How long the bridge between the password step and the two-factor step stays valid. */
export const CONFIRMATION_TTL_MS = 5 * 60 * 1000;

/** Creates a single-use confirmation token (stored hashed) for the two-factor checkpoint. */
export async function createLoginConfirmation(db: Database, { userId, remember }: { userId: number; remember: boolean }): Promise<string> {
  const token = newToken();
  await db.insert(loginConfirmations).values({
    userId,
    tokenHash: hashToken(token),
    remember: remember ? 1 : 0,
    expiresAt: new Date(Date.now() + CONFIRMATION_TTL_MS),
  });
  return token;
}

/** The unused, unexpired confirmation for a raw token, or null. */
export async function findLoginConfirmation(db: Database, token: string) {
  const [row] = await db
    .select()
    .from(loginConfirmations)
    .where(and(eq(loginConfirmations.tokenHash, hashToken(token)), isNull(loginConfirmations.usedAt), gt(loginConfirmations.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

/** Marks the confirmation used; false when another request consumed it first. */
export async function consumeLoginConfirmation(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(loginConfirmations)
    .set({ usedAt: new Date() })
    .where(and(eq(loginConfirmations.id, id), isNull(loginConfirmations.usedAt), gt(loginConfirmations.expiresAt, sql`now()`)))
    .returning({ id: loginConfirmations.id });
  return rows.length > 0;
}
