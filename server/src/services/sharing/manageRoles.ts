import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverPermissions, serverRoles, type ServerRoleRow } from '../../db/schema';
import { HttpError, notFound, ValidationError } from '../../lib/errors';
import { foreignKeyViolation, uniqueViolation } from '../../lib/uniqueViolation';
import { recordAudit } from '../audit/audit';
import { assertCanGrant, normalizeKeys } from './grants';
import { assertKnownKeys } from './grantFromBody';
import { findRole, roleMembers, toRoleJson, type RoleView } from './roles';
import type { SharingCall } from './SharingCall';
import { sharingMessages } from './sharingMessages';

interface RoleInput {
  name?: string;
  description?: string;
  permissions?: string[];
}

async function roleOf(db: Database, call: SharingCall, uuid: string): Promise<ServerRoleRow> {
  const role = await findRole(db, call.access.server.id, uuid);
  if (!role) throw notFound('Role');
  return role;
}

function audit(db: Database, call: SharingCall, event: string, properties: Record<string, unknown>): Promise<void> {
  return recordAudit(db, { actorId: call.user.id, serverUuid: call.access.server.uuid, event, ip: call.ip, properties });
}

/** Runs a write, turning a duplicate role name into a 422 on `name`. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error)) throw new ValidationError({ name: [sharingMessages.roleNameTaken] });
    throw error;
  }
}

/** Creates a custom role; the caller must hold every key in it (a role is a grant waiting to happen). */
export async function createRole(db: Database, call: SharingCall, input: Required<Pick<RoleInput, 'name' | 'permissions'>> & RoleInput): Promise<RoleView> {
  assertKnownKeys(input.permissions);
  const keys = normalizeKeys(input.permissions);
  assertCanGrant(call.access, keys);
  const name = input.name.trim();
  if (!name) throw new ValidationError({ name: ['This field is required'] });
  const [role] = await uniqueName(() =>
    db
      .insert(serverRoles)
      .values({ serverId: call.access.server.id, name, description: input.description?.trim() ?? '', permissions: keys })
      .returning(),
  );
  await audit(db, call, 'server.role.created', { role_uuid: role.uuid, name, permissions: keys });
  return toRoleJson(role, 0);
}

/** Changes a role; its members' access changes at once. Keys added must be held by the caller. */
export async function updateRole(db: Database, call: SharingCall, uuid: string, input: RoleInput): Promise<RoleView> {
  const role = await roleOf(db, call, uuid);
  const before = normalizeKeys(role.permissions);
  if (input.permissions) assertKnownKeys(input.permissions);
  const after = input.permissions ? normalizeKeys(input.permissions) : before;
  const added = after.filter((key) => !before.includes(key));
  assertCanGrant(call.access, added);
  const name = input.name?.trim() ?? role.name;
  if (!name) throw new ValidationError({ name: ['This field is required'] });
  const [updated] = await uniqueName(() =>
    db
      .update(serverRoles)
      .set({ name, description: input.description?.trim() ?? role.description, permissions: after, updatedAt: new Date() })
      .where(eq(serverRoles.id, role.id))
      .returning(),
  );
  await audit(db, call, 'server.role.updated', { role_uuid: role.uuid, name, permissions: after, added, removed: before.filter((key) => !after.includes(key)) });
  return toRoleJson(updated, await roleMembers(db, role.id));
}

/**
 * Deletes a role. A role in use needs `reassignTo` (another custom role of this server, whose
 * extra keys the caller must hold), else 409; its members move over in the same transaction.
 */
export async function deleteRole(db: Database, call: SharingCall, uuid: string, reassignTo: string | undefined): Promise<void> {
  const role = await roleOf(db, call, uuid);
  const members = await roleMembers(db, role.id);
  let target: ServerRoleRow | null = null;
  if (members > 0) {
    if (!reassignTo) throw new HttpError(409, sharingMessages.roleInUse(members));
    target = await roleOf(db, call, reassignTo);
    if (target.id === role.id) throw new ValidationError({ reassign_to: [sharingMessages.sameRole] });
    const before = normalizeKeys(role.permissions);
    assertCanGrant(
      call.access,
      normalizeKeys(target.permissions).filter((key) => !before.includes(key)),
    );
  }
  try {
    await db.transaction(async (tx) => {
      if (target) await tx.update(serverPermissions).set({ roleId: target.id, updatedAt: new Date() }).where(eq(serverPermissions.roleId, role.id));
      await tx.delete(serverRoles).where(eq(serverRoles.id, role.id));
    });
  } catch (error) {
    // Someone was given the role between the count above and the delete: the same answer as in use.
    if (foreignKeyViolation(error)) throw new HttpError(409, sharingMessages.roleInUse(await roleMembers(db, role.id)));
    throw error;
  }
  await audit(db, call, 'server.role.deleted', { role_uuid: role.uuid, name: role.name, members, reassigned_to: target?.uuid ?? null });
}
