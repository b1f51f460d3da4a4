import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverPermissions, serverRoles, users, type ServerPermissionRow } from '../../db/schema';
import type { PermissionKey } from '../../schemas/permissions';
import { normalizeKeys } from './grants';

/** A share joined with its user (active) and role. */
export interface SubuserRow {
  share: ServerPermissionRow;
  user: { uuid: string; username: string; email: string } | null;
  role: { uuid: string; name: string; permissions: string[] } | null;
}

/** The API answer for a share (see SubuserSchema). */
export interface SubuserView {
  uuid: string;
  email: string;
  username: string | null;
  user_uuid: string | null;
  status: 'active' | 'pending';
  role: { uuid: string; name: string } | null;
  permissions: string[];
  last_active_at: string | null;
  created_at: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a uuid (other strings never match a row and are answered 404 without a query). */
export const isUuid = (value: string): boolean => UUID.test(value);

function selectSubusers(db: Database) {
  return db
    .select({
      share: serverPermissions,
      user: { uuid: users.uuid, username: users.username, email: users.email },
      role: { uuid: serverRoles.uuid, name: serverRoles.name, permissions: serverRoles.permissions },
    })
    .from(serverPermissions)
    .leftJoin(users, eq(users.id, serverPermissions.userId))
    .leftJoin(serverRoles, eq(serverRoles.id, serverPermissions.roleId));
}

/** Every share and pending invitation of a server, oldest first. */
export async function listSubusers(db: Database, serverId: number): Promise<SubuserRow[]> {
  return selectSubusers(db).where(eq(serverPermissions.serverId, serverId)).orderBy(asc(serverPermissions.createdAt), asc(serverPermissions.id));
}

/** One share of this server by its uuid; a share of another server is not found (404). */
export async function findSubuser(db: Database, serverId: number, uuid: string): Promise<SubuserRow | null> {
  if (!isUuid(uuid)) return null;
  const [row] = await selectSubusers(db)
    .where(and(eq(serverPermissions.serverId, serverId), eq(serverPermissions.uuid, uuid.toLowerCase())))
    .limit(1);
  return row ?? null;
}

/** The keys a share holds: its role's when it has one, else its own. */
export function effectiveKeys(row: Pick<SubuserRow, 'share' | 'role'>): PermissionKey[] {
  return normalizeKeys(row.role ? row.role.permissions : row.share.permissions);
}

/** The API answer for a share. */
export function toSubuserJson(row: SubuserRow): SubuserView {
  const { share, user, role } = row;
  return {
    uuid: share.uuid,
    email: user?.email ?? share.invitedEmail ?? '',
    username: user?.username ?? null,
    user_uuid: user?.uuid ?? null,
    status: share.status === 'pending' ? 'pending' : 'active',
    role: role ? { uuid: role.uuid, name: role.name } : null,
    permissions: effectiveKeys(row),
    last_active_at: share.lastActiveAt?.toISOString() ?? null,
    created_at: share.createdAt.toISOString(),
  };
}
