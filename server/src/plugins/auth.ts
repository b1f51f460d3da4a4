import fp from 'fastify-plugin';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accessTokens, users } from '../db/schema';
import { hashToken } from '../lib/tokens';
import { forbidden, unauthenticated } from '../lib/errors';

export type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user, or null. Set by `app.authenticate`. */
    user: UserRow | null;
    /** Id of the access token that authenticated the request. */
    accessTokenId: number | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 `{ message: "Unauthenticated." }` unless a valid token is presented. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Resolves a raw access token to its user (used by the websocket too). */
    resolveAccessToken: (token: string) => Promise<{ user: UserRow; tokenId: number } | null>;
  }
}

/** The bearer token of a request: `Authorization: Bearer …`. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

// lastUsedAt is refreshed at most this often per token, to keep reads cheap.
const TOUCH_INTERVAL_MS = 60_000;

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('accessTokenId', null);

    app.decorate('resolveAccessToken', async (token: string) => {
      if (token.length > 256) return null;
      const rows = await app.db
        .select({ user: users, tokenId: accessTokens.id, lastUsedAt: accessTokens.lastUsedAt })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.userId))
        .where(and(eq(accessTokens.tokenHash, hashToken(token)), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, sql`now()`)))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      if (Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        await app.db.update(accessTokens).set({ lastUsedAt: new Date() }).where(eq(accessTokens.id, row.tokenId));
      }
      return { user: row.user, tokenId: row.tokenId };
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const resolved = token ? await app.resolveAccessToken(token) : null;
      if (!resolved) throw unauthenticated();
      // A suspended account keeps its tokens but may not use them until the host lifts the suspension.
      if (resolved.user.suspended) throw forbidden('This account is suspended.');
      request.user = resolved.user;
      request.accessTokenId = resolved.tokenId;
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
