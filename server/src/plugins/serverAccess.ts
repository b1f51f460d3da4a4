import fp from 'fastify-plugin';
import type { FastifyRequest, preHandlerHookHandler, preValidationHookHandler } from 'fastify';
import { forbidden, notFound } from '../lib/errors';
import type { PermissionKey } from '../schemas/permissions';
import { accessAllows, resolveServerAccess, type ServerAccess } from '../services/permissions/serverAccess';
import { RefusedActionLog } from '../services/permissions/refusedActions';
import { narrowAccess, scopedPermissions } from '../services/auth/apiKeyScopes';
import { apiKeyRefusals } from '../services/auth/apiKeyRoutePolicy';

/**
 * The permission a server-scoped route needs: a key, null (seeing the server is enough), or a
 * function of the validated request (e.g. the power action in the body decides).
 */
export type ServerPermissionRule = PermissionKey | null | ((request: FastifyRequest) => PermissionKey);

/** A route under /servers/{id} and the permission it needs. */
export interface ServerScopedRoute {
  method: string;
  url: string;
  permission: ServerPermissionRule;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Marks a route as server-scoped: the caller is authenticated (401), the `{id}` param is
     * resolved to a server the caller can see (404 otherwise, never 403) and the permission is
     * required (403 otherwise).
     */
    serverPermission?: ServerPermissionRule;
  }
  interface FastifyRequest {
    /** Set on server-scoped routes: the server and what the caller may do on it. */
    serverAccess: ServerAccess | null;
  }
  interface FastifyInstance {
    /** Every server-scoped route with its permission, so tests can check each one for 403/404. */
    serverScopedRoutes: ServerScopedRoute[];
    /** The audit log of refused actions (one entry per actor, server, action and minute). */
    refusedActions: RefusedActionLog;
  }
}

/**
 * The 403 of a server-scoped route, recorded in the server's audit log first (who, from where,
 * which permission, which route). A failure to record never turns the 403 into a 500.
 */
async function refuse(request: FastifyRequest, access: ServerAccess, permission: PermissionKey): Promise<never> {
  try {
    await request.server.refusedActions.record({
      actorId: request.user!.id,
      serverUuid: access.server.uuid,
      ip: request.ip,
      permission,
      action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
    });
  } catch (error) {
    request.log.warn({ err: error }, 'could not record a refused action');
  }
  // When the key's scopes leave the permission out, the caller learns that rather than a bare refusal.
  const scoped = request.apiKey ? scopedPermissions(request.apiKey.scopes) : null;
  throw forbidden(scoped && !scoped.has(permission) ? apiKeyRefusals.scope(permission) : undefined);
}

/** 404 unless the authenticated caller can see the server in `params.id`; 403 without a fixed `key`. */
export function requireServerAccess(key: PermissionKey | null): preValidationHookHandler {
  return async function checkServerAccess(this: unknown, request: FastifyRequest) {
    const { id } = request.params as { id?: string };
    const found = request.user && id ? await resolveServerAccess(request.server.db, request.user, id) : null;
    if (!found) throw notFound('Server');
    // An API key acts with the user's access cut down to its scopes, never more.
    const access = request.apiKey ? narrowAccess(found, request.apiKey.scopes) : found;
    if (key && !accessAllows(access, key)) await refuse(request, access, key);
    request.serverAccess = access;
  } as preValidationHookHandler;
}

/** 403 unless the caller holds the key the validated request needs. */
export function requireDynamicPermission(rule: (request: FastifyRequest) => PermissionKey): preHandlerHookHandler {
  return async function checkDynamicPermission(this: unknown, request: FastifyRequest) {
    if (!request.serverAccess) throw forbidden();
    const key = rule(request);
    if (!accessAllows(request.serverAccess, key)) await refuse(request, request.serverAccess, key);
  } as preHandlerHookHandler;
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Adds authentication and the permission check to every route whose config declares
 * `serverPermission`, so no server route can forget them. They run before body validation, so
 * a caller who cannot see the server learns nothing from a 422.
 */
export const serverAccessPlugin = fp(
  async (app) => {
    app.decorateRequest('serverAccess', null);
    app.decorate('serverScopedRoutes', [] as ServerScopedRoute[]);
    app.decorate('refusedActions', new RefusedActionLog(app.db));
    app.addHook('onRoute', (route) => {
      const permission = route.config?.serverPermission;
      if (permission === undefined) return;
      const fixed = typeof permission === 'function' ? null : permission;
      route.preValidation = [app.authenticate as preValidationHookHandler, requireServerAccess(fixed), ...asArray(route.preValidation)];
      if (typeof permission === 'function') route.preHandler = [requireDynamicPermission(permission), ...asArray(route.preHandler)];
      for (const method of asArray(route.method)) {
        if (method !== 'HEAD') app.serverScopedRoutes.push({ method, url: route.url, permission });
      }
    });
  },
  { name: 'server-access', dependencies: ['auth', 'database'] },
);
