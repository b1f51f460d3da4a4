import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../../plugins/auth';
import { unauthenticated } from '../../lib/errors';
import { verifyAdminKey } from '../../provisioning/adminKeys';
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
 * `npm run panel -- admin-key:create`). Wrong keys are counted per IP and answered 429 past 20 a
 * minute, so keys cannot be guessed.
 */
export function adminAuthenticate(app: FastifyInstance) {
  return async function checkAdminKey(request: FastifyRequest): Promise<void> {
    const rule = { key: `admin-key:${request.ip}`, ...FAILURES };
    app.rateLimiter.assertAvailable(rule);
    const key = bearerToken(request);
    const row = key ? await verifyAdminKey(app.db, key) : null;
    if (!row) {
      app.rateLimiter.hit(rule);
      throw unauthenticated();
    }
    request.adminKey = row;
  };
}
