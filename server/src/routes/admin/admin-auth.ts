import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../../plugins/auth';
import { forbidden, HttpError, unauthenticated } from '../../lib/errors';
import { verifyAdminKey } from '../../services/admin/adminKeys';
import { adminRefusalMessages, adminSessionRefusal } from '../../services/admin/adminAccess';
import { userHasPasskeys } from '../../services/auth/passkeys';
import { ADMIN_DENIED_EVENT, recordAdminAction, type AdminActor } from '../../services/admin/adminAudit';
import type { Actor } from '../../services/audit/audit';
import type { AdminApiKeyRow } from '../../db/schema';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin key that authenticated this admin API request (null elsewhere). */
    adminKey: AdminApiKeyRow | null;
    /** Whether this admin API request came with an admin's session that passed the admin rule. */
    adminSession: boolean;
    /** The admin audit log's event when a route's outcome differs from its operation (a preview that writes nothing). */
    adminAuditEvent: string | null;
  }
}

const FAILURES = { limit: 20, windowMs: 60_000 };

/** Who is calling the admin API, for its audit log. */
export function adminActorOf(request: FastifyRequest): AdminActor {
  return { userId: request.user?.id ?? null, username: request.user?.username ?? null, key: request.adminKey?.identifier ?? null, ip: request.ip };
}

/**
 * The admin behind a call, for the audit entries services write: an admin key by its identifier
 * (no account acts), or a root admin's own session in the admin area by that admin's account.
 */
export function adminServiceActorOf(request: FastifyRequest): Actor & { via: string } {
  if (request.adminKey) return { userId: null, ip: request.ip, via: `admin-key:${request.adminKey.identifier}` };
  return { userId: request.user?.id ?? null, ip: request.ip, via: 'admin-session' };
}

/** What a request acts on: the first path parameter (`servers/:server/…` → server). */
export function adminTargetOf(request: FastifyRequest): { targetType: string | null; target: string | null } {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const [entry] = Object.entries(params).filter(([, value]) => typeof value === 'string');
  return entry ? { targetType: entry[0], target: entry[1] as string } : { targetType: null, target: null };
}

async function auditRefusal(app: FastifyInstance, request: FastifyRequest, reason: string): Promise<void> {
  await recordAdminAction(app.db, adminActorOf(request), {
    event: ADMIN_DENIED_EVENT,
    method: request.method,
    path: request.url.split('?')[0],
    ...adminTargetOf(request),
    status: 403,
    properties: { reason, operation: request.routeOptions.schema?.operationId ?? null },
  }).catch((error: unknown) => request.log.warn({ err: error }, 'could not record a refused admin attempt'));
}

/**
 * onRequest of the admin API. Two credentials pass: `Authorization: Bearer <admin key>` (created with
 * `npm run panel -- admin-key:create`) and the session of a root admin whose account has a second
 * factor (the web admin area; its state-changing calls pass the XSRF check like every session call).
 * Any other valid credential (a customer's session, a root admin without two-factor) is a 403 that
 * lands in the admin audit log; no or an unknown credential is a 401. Wrong keys are counted per IP
 * (atomically) and answered 429 past 20 a minute; a valid key always passes, so others' wrong keys
 * from the same address (a shared proxy, an attacker) never lock the billing system out.
 */
/** Whether the request passed as an admin (an admin key, or an admin session with a second factor). */
export function isAdminCaller(request: FastifyRequest): boolean {
  return request.adminKey !== null || request.adminSession;
}

export function adminAuthenticate(app: FastifyInstance) {
  return async function checkAdminCredential(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    const key = token ? await verifyAdminKey(app.db, token) : null;
    if (key) {
      request.adminKey = key;
      return;
    }
    try {
      // The customer API's own check: whatever it accepts as a signed-in user is "not an admin" here.
      await app.authenticate(request);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.statusCode === 403) {
        await auditRefusal(app, request, error.message);
        throw error;
      }
      await app.rateLimit({ key: `admin-key:${request.ip}`, ...FAILURES });
      throw unauthenticated();
    }
    const user = request.user!;
    const refusal = adminSessionRefusal(user, user.rootAdmin && !user.useTotp && (await userHasPasskeys(app.db, user.id)));
    if (refusal) {
      await auditRefusal(app, request, refusal);
      throw forbidden(adminRefusalMessages[refusal]);
    }
    request.adminSession = true;
  };
}
