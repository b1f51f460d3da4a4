import { forbidden } from '../../lib/errors';
import { isPermissionKey, permissionKeys, type PermissionKey } from '../../schemas/permissions';
import { accessAllows, type ServerAccess } from '../permissions/serverAccess';

/** Known keys of `values`, deduplicated, in registry order (unknown strings are dropped). */
export function normalizeKeys(values: readonly string[]): PermissionKey[] {
  const wanted = new Set(values.filter(isPermissionKey));
  return permissionKeys.filter((key) => wanted.has(key));
}

/** The unknown strings of `values` (answered as 422). */
export function unknownKeys(values: readonly string[]): string[] {
  return values.filter((value) => !isPermissionKey(value));
}

/**
 * 403 naming the first key the caller does not hold: nobody grants (or puts into a role) a key
 * they lack, so no one can raise their own access or anyone else's above theirs.
 */
export function assertCanGrant(access: ServerAccess, keys: readonly PermissionKey[]): void {
  const missing = keys.find((key) => !accessAllows(access, key));
  if (missing) throw forbidden(`You cannot grant the permission "${missing}" because you do not hold it.`);
}
