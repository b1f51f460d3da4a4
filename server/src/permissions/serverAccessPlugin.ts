import fp from 'fastify-plugin';
import type { FastifyRequest, preHandlerHookHandler, preValidationHookHandler } from 'fastify';
import { forbidden, notFound } from '../lib/errors';
import type { PermissionKey } from './permissionKeys';
import { accessAllows, resolveServerAccess, type ServerAccess } from './serverAccess';

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
  }
}

/** 404 unless the authenticated caller can see the server in `params.id`; 403 without a fixed `key`. */
export function requireServerAccess(key: PermissionKey | null): preValidationHookHandler {
  return async function checkServerAccess(this: unknown, request: FastifyRequest) {
    const { id } = request.params as { id?: string };
    const access = request.user && id ? await resolveServerAccess(request.server.db, request.user, id) : null;
    if (!access) throw notFound('Server');
    if (key && !accessAllows(access, key)) throw forbidden();
    request.serverAccess = access;
  } as preValidationHookHandler;
}

/** 403 unless the caller holds the key the validated request needs. */
export function requireDynamicPermission(rule: (request: FastifyRequest) => PermissionKey): preHandlerHookHandler {
  return async function checkDynamicPermission(this: unknown, request: FastifyRequest) {
    if (!request.serverAccess || !accessAllows(request.serverAccess, rule(request))) throw forbidden();
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
