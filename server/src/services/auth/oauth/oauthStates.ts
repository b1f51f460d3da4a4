import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { oauthStates, type OAuthStateRow } from '../../../db/schema';
import { hashToken } from '../../../lib/tokens';

/** How long a person may take at the provider before the panel forgets the attempt. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export type OAuthPurpose = 'login' | 'link';

export interface NewOAuthState {
  state: string;
  provider: string;
  purpose: OAuthPurpose;
  userId: number | null;
  codeVerifier: string;
  nonce: string | null;
  remember: boolean;
}

/** Stores an attempt under its state's hash; attempts older than a day are cleared on the way. */
export async function saveOAuthState(db: Database, values: NewOAuthState): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now() - interval '1 day'`));
  await db.insert(oauthStates).values({
    stateHash: hashToken(values.state),
    provider: values.provider,
    purpose: values.purpose,
    userId: values.userId,
    codeVerifier: values.codeVerifier,
    nonce: values.nonce,
    remember: values.remember ? 1 : 0,
    expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
  });
}

/**
 * Spends the attempt of a state: the unused, unexpired row, marked used in the same statement, so
 * of two callbacks with one state (a replayed code) only the first gets it. Null otherwise.
 */
export async function consumeOAuthState(db: Database, state: string, purpose: OAuthPurpose): Promise<OAuthStateRow | null> {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: new Date() })
    .where(and(eq(oauthStates.stateHash, hashToken(state)), eq(oauthStates.purpose, purpose), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}
