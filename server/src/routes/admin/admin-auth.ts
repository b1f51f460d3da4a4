import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../../plugins/auth';
import { unauthenticated } from '../../lib/errors';
import { verifyAdminKey } from '../../services/admin/adminKeys';
import type { AdminApiKeyRow } from '../../db/schema';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin key that authenticated this admin API request (null elsewhere). */
    adminKey: AdminApiKeyRow | null;
  }
}

const FAILURES = { limit: 20, windowMs: 60_000 };

/**
 * preHandler of the admin API: `Authorization: Bearer <admin key>` (created with
 * `npm run panel -- admin-key:create`). Wrong keys are counted per IP (atomically) and answered
 * 429 past 20 a minute. A valid key always passes: the check is one indexed lookup of a SHA-256
 * hash (nothing slow to protect), and others' wrong keys from the same address (a shared proxy,
 * an attacker) must never lock the billing system out.
 */
export function adminAuthenticate(app: FastifyInstance) {
  return async function checkAdminKey(request: FastifyRequest): Promise<void> {
    const rule = { key: `admin-key:${request.ip}`, ...FAILURES };
    const key = bearerToken(request);
    const row = key ? await verifyAdminKey(app.db, key) : null;
    if (!row) {
      await app.rateLimit(rule);
      throw unauthenticated();
    }
    request.adminKey = row;
  };
}
