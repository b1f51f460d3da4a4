import { isPermissionKey, permissionKeys, type PermissionKey } from '../../schemas/permissions';
import type { ServerAccess } from '../permissions/serverAccess';

/** The scope that stands for every `*.read` permission key. */
export const READ_ONLY_SCOPE = 'read-only';

/** Every scope a key may be given: the permission keys roles are made of, plus `read-only`. */
export const apiKeyScopes: readonly string[] = [READ_ONLY_SCOPE, ...permissionKeys];

/** The scopes of a request as written, de-duplicated, in registry order; unknown ones are reported. */
export function parseScopes(requested: readonly string[]): { scopes: string[]; unknown: string[] } {
  const wanted = new Set(requested.map((scope) => scope.trim()));
  return { scopes: apiKeyScopes.filter((scope) => wanted.has(scope)), unknown: [...wanted].filter((scope) => !apiKeyScopes.includes(scope)) };
}

/** The permission keys a key's scopes stand for; null when the key is not narrowed (no scopes). */
export function scopedPermissions(scopes: readonly string[]): ReadonlySet<PermissionKey> | null {
  if (scopes.length === 0) return null;
  const keys = new Set<PermissionKey>(scopes.filter(isPermissionKey));
  if (scopes.includes(READ_ONLY_SCOPE)) for (const key of permissionKeys) if (key.endsWith('.read')) keys.add(key);
  return keys;
}

/**
 * What a key may do on a server: the user's own access cut down to the key's scopes. A scoped key
 * never acts as the owner (owner-only actions need a key without scopes), so scopes only narrow.
 */
export function narrowAccess(access: ServerAccess, scopes: readonly string[]): ServerAccess {
  const allowed = scopedPermissions(scopes);
  if (!allowed) return access;
  const permissions = new Set([...allowed].filter((key) => access.permissions === 'all' || access.permissions.has(key)));
  return { ...access, isOwner: false, permissions };
}
