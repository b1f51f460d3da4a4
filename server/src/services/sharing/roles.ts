import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverPermissions, serverRoles, type ServerRoleRow } from '../../db/schema';
import { builtInRoles } from './builtInRoles';
import { normalizeKeys } from './grants';
import { isUuid } from './subusers';

/** The API answer for a role (see RoleSchema). */
export interface RoleView {
  uuid: string | null;
  key: 'viewer' | 'moderator' | 'admin' | null;
  name: string;
  description: string;
  permissions: string[];
  built_in: boolean;
  members: number;
}

const sameKeys = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((key, i) => key === b[i]);

/** Built-in roles first, then the server's custom roles by name, each with its member count. */
export async function listRoles(db: Database, serverId: number): Promise<RoleView[]> {
  const custom = await db.select().from(serverRoles).where(eq(serverRoles.serverId, serverId)).orderBy(asc(serverRoles.name));
  const counts = await db
    .select({ roleId: serverPermissions.roleId, members: count() })
    .from(serverPermissions)
    .where(and(eq(serverPermissions.serverId, serverId), isNotNull(serverPermissions.roleId)))
    .groupBy(serverPermissions.roleId);
  const membersOf = new Map(counts.map((row) => [row.roleId, row.members]));
  // Built-in roles are presets: their members are the shares whose explicit keys are exactly theirs.
  const explicitShares = (
    await db
      .select({ permissions: serverPermissions.permissions })
      .from(serverPermissions)
      .where(and(eq(serverPermissions.serverId, serverId), isNull(serverPermissions.roleId)))
  ).map((row) => normalizeKeys(row.permissions));
  return [
    ...builtInRoles.map((role) => ({
      uuid: null,
      key: role.key,
      name: role.name,
      description: role.description,
      permissions: [...role.permissions],
      built_in: true,
      members: explicitShares.filter((keys) => sameKeys(keys, normalizeKeys(role.permissions))).length,
    })),
    ...custom.map((role) => toRoleJson(role, membersOf.get(role.id) ?? 0)),
  ];
}

/** The API answer for a custom role. */
export function toRoleJson(role: ServerRoleRow, members: number): RoleView {
  return { uuid: role.uuid, key: null, name: role.name, description: role.description, permissions: normalizeKeys(role.permissions), built_in: false, members };
}

/** A custom role of this server by uuid; a role of another server (or a built-in key) is not found. */
export async function findRole(db: Database, serverId: number, uuid: string): Promise<ServerRoleRow | null> {
  if (!isUuid(uuid)) return null;
  const [role] = await db
    .select()
    .from(serverRoles)
    .where(and(eq(serverRoles.serverId, serverId), eq(serverRoles.uuid, uuid.toLowerCase())))
    .limit(1);
  return role ?? null;
}

/** How many shares use the role. */
export async function roleMembers(db: Database, roleId: number): Promise<number> {
  const [row] = await db.select({ members: count() }).from(serverPermissions).where(eq(serverPermissions.roleId, roleId));
  return row?.members ?? 0;
}
