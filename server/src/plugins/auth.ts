import fp from 'fastify-plugin';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessTokens, users, type ApiKeyRow, type UserRow } from '../db/schema';
import { hashToken } from '../lib/tokens';
import { forbidden, unauthenticated } from '../lib/errors';
import { AccessTokenCache } from '../lib/AccessTokenCache';
import { apiKeyRefusal, findApiKey, looksLikeApiKey } from '../services/auth/apiKeys';
import { checkApiKeyUse, refuseBadApiKey } from './apiKeyUse';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user, or null. Set by `app.authenticate`. */
    user: UserRow | null;
    /** Id of the access token that authenticated the request (null when an API key did). */
    accessTokenId: number | null;
    /** The client API key that authenticated the request, or null (a session, or no one). */
    apiKey: ApiKeyRow | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 `{ message: "Unauthenticated." }` unless a valid token is presented. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * Resolves a raw access token to its user (used by the websocket too). Answers may come from a
     * cache up to a second old unless `fresh` is set.
     */
    resolveAccessToken: (token: string, options?: { fresh?: boolean }) => Promise<ResolvedToken | null>;
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
// How long a resolved token is trusted without asking the database again (see AccessTokenCache).
const TOKEN_CACHE_TTL_MS = 1_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Who a bearer credential stands for: a session (`tokenId`) or a client API key (`apiKey`). A key's
 * user never carries root-admin rights, whoever created it: a key is not an admin credential.
 */
export type ResolvedToken = { user: UserRow; tokenId: number | null; apiKey: ApiKeyRow | null };

/** Resolves a client API key that works now (not revoked, not expired), or null. */
async function resolveApiKey(app: FastifyInstance, token: string): Promise<ResolvedToken | null> {
  const found = await findApiKey(app.db, token);
  if (!found || apiKeyRefusal(found.key)) return null;
  return { user: { ...found.user, rootAdmin: false }, tokenId: null, apiKey: found.key };
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('accessTokenId', null);
    app.decorateRequest('apiKey', null);

    const cache = new AccessTokenCache<ResolvedToken>(TOKEN_CACHE_TTL_MS);

    // A user's own changes (logout, revoke, password, profile, two-factor) end their cached entries;
    // admin calls can change anyone, so they end all of them. Before the reply leaves (onSend): a
    // caller told "logged out" or "revoked" never finds the old token still taken.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (SAFE_METHODS.has(request.method)) return payload;
      if (request.url.startsWith('/api/v2/admin')) cache.clear();
      else if (request.user) cache.forgetUser(request.user.id);
      return payload;
    });

    app.decorate('resolveAccessToken', async (token: string, options: { fresh?: boolean } = {}) => {
      if (token.length > 256) return null;
      const tokenHash = hashToken(token);
      const cached = options.fresh ? undefined : cache.get(tokenHash);
      if (cached) return cached;
      if (looksLikeApiKey(token)) {
        const keyed = await resolveApiKey(app, token);
        if (keyed) cache.set(tokenHash, keyed.user.id, keyed, keyed.apiKey!.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY);
        return keyed;
      }
      const rows = await app.db
        .select({ user: users, tokenId: accessTokens.id, lastUsedAt: accessTokens.lastUsedAt, expiresAt: accessTokens.expiresAt })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.userId))
        .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, sql`now()`)))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      if (Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        await app.db.update(accessTokens).set({ lastUsedAt: new Date() }).where(eq(accessTokens.id, row.tokenId));
      }
      const resolved = { user: row.user, tokenId: row.tokenId, apiKey: null };
      cache.set(tokenHash, row.user.id, resolved, row.expiresAt.getTime());
      return resolved;
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      // Reads may use the cache; a state-changing request always acts on the user as stored now.
      const resolved = token ? await app.resolveAccessToken(token, { fresh: !SAFE_METHODS.has(request.method) }) : null;
      if (!resolved) {
        if (token && looksLikeApiKey(token)) await refuseBadApiKey(app, request, token);
        throw unauthenticated();
      }
      // A suspended account keeps its tokens but may not use them until the host lifts the suspension.
      if (resolved.user.suspended) throw forbidden('This account is suspended.');
      if (resolved.apiKey) await checkApiKeyUse(app, request, resolved.apiKey);
      request.user = resolved.user;
      request.accessTokenId = resolved.tokenId;
      request.apiKey = resolved.apiKey;
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
