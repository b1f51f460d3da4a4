import { forbidden } from '../../lib/errors';
import type { PermissionKey } from '../../schemas/permissions';

/**
 * Asks for the permission an effect needs once it is known what the effect is: writing to a
 * path that does not exist is a create, replacing a file is an update. Throws (403) when the
 * caller lacks it; called before anything changes, so a refusal leaves the disk as it was.
 */
export type FileGuard = (key: PermissionKey) => void;

/** The guard of a caller holding every permission (internal callers, the owner). */
export const allowAll: FileGuard = () => undefined;

/** A guard from what the caller holds. */
export function guardOf(allows: (key: PermissionKey) => boolean): FileGuard {
  return (key) => {
    if (!allows(key)) throw forbidden();
  };
}
