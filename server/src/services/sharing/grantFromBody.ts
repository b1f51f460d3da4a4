import type { Database } from '../../db/client';
import { notFound, ValidationError } from '../../lib/errors';
import { normalizeKeys, unknownKeys } from './grants';
import { findRole } from './roles';
import type { Grant } from './shareServer';
import { sharingMessages } from './sharingMessages';

/** 422 unless every string is a known permission key. */
export function assertKnownKeys(values: readonly string[], field = 'permissions'): void {
  const unknown = unknownKeys(values);
  if (unknown.length > 0) throw new ValidationError({ [field]: unknown.map(sharingMessages.unknownKey) });
}

/**
 * The grant a body asks for: exactly one of `role_uuid` (a custom role of this server; another
 * server's role is 404) and `permissions` (known keys only, else 422).
 */
export async function grantFromBody(db: Database, serverId: number, body: { role_uuid?: string; permissions?: string[] }): Promise<Grant> {
  const hasRole = body.role_uuid !== undefined;
  const hasKeys = body.permissions !== undefined;
  if (hasRole === hasKeys) throw new ValidationError({ role_uuid: [hasRole ? sharingMessages.notBoth : sharingMessages.chooseGrant] });
  if (hasKeys) {
    assertKnownKeys(body.permissions!);
    return { permissions: normalizeKeys(body.permissions!) };
  }
  const role = await findRole(db, serverId, body.role_uuid!);
  if (!role) throw notFound('Role');
  return { role };
}
