import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { accessTokens, users } from '../../../server/src/db/schema';
import type { UserRow } from '../../../server/src/db/schema';
import { hashToken, newToken } from '../../../server/src/lib/tokens';

export interface TestUser {
  user: UserRow;
  token: string;
  tokenId: number;
  /** Headers for app.inject: `{ authorization: 'Bearer …' }`. */
  headers: { authorization: string };
}

/**
 * A user with a valid access token, written straight to the database (no auth routes involved).
 * The password hash is a placeholder: these users never log in with a password.
 */
export async function createTestUser(app: FastifyInstance, options: { username?: string; rootAdmin?: boolean } = {}): Promise<TestUser> {
  const username = options.username ?? `user${randomBytes(4).toString('hex')}`;
  const [user] = await app.db
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: 'not-a-real-hash', rootAdmin: options.rootAdmin ?? false })
    .returning();
  const token = newToken();
  const [row] = await app.db
    .insert(accessTokens)
    .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 24 * 3600_000) })
    .returning({ id: accessTokens.id });
  return { user, token, tokenId: row.id, headers: { authorization: `Bearer ${token}` } };
}
