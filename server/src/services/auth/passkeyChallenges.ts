import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passkeyChallenges } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

/** How long a ceremony may take between its options and its answer. */
export const CHALLENGE_TTL_MS = 2 * 60_000;

/**
 * What a ceremony is for; a challenge of one purpose never completes another. `confirm`: a
 * signed-in owner proves it is them before a sensitive change (linking a provider), as a password would.
 */
export type CeremonyPurpose = 'register' | 'login' | 'second-factor' | 'confirm';

/**
 * Keeps the challenge of a new ceremony and answers the ceremony id the client sends back with its
 * answer (only its hash is stored). Expired challenges are swept on the way.
 */
export async function storeChallenge(db: Database, { purpose, userId, challenge }: { purpose: CeremonyPurpose; userId: number | null; challenge: string }): Promise<string> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, sql`now()`));
  const ceremonyId = newToken();
  await db.insert(passkeyChallenges).values({ ceremonyHash: hashToken(ceremonyId), purpose, userId, challenge, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
  return ceremonyId;
}

/**
 * Spends a ceremony's challenge: one atomic update, so the same answer sent twice (or two racing
 * requests) gets it once. Answers the challenge and the account it was for, or null when unknown,
 * expired, used, of another purpose or of another account.
 */
export async function spendChallenge(db: Database, ceremonyId: string, purpose: CeremonyPurpose, userId: number | null): Promise<{ challenge: string; userId: number | null } | null> {
  const [row] = await db
    .update(passkeyChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passkeyChallenges.ceremonyHash, hashToken(ceremonyId)),
        eq(passkeyChallenges.purpose, purpose),
        userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge, userId: passkeyChallenges.userId });
  return row ?? null;
}
