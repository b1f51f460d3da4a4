import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverPermissions, serverRoles, servers, type ServerRow } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { isPermissionKey, permissionKeys, type PermissionKey } from '../../schemas/permissions';

/** What a user may do on one server. */
export interface ServerAccess {
  server: ServerRow;
  isOwner: boolean;
  /** 'all' for the owner and root admins; otherwise the keys granted to the user. */
  permissions: 'all' | ReadonlySet<PermissionKey>;
  /** The share that grants the access (people the server is shared with), else absent. */
  share?: { id: number; lastActiveAt: Date | null };
}

// last_active_at of a share is written at most this often, so requests stay cheap.
const ACTIVITY_TOUCH_MS = 60_000;

const SHORT_ID = /^[0-9a-f]{8}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Finds a server by its short id (8 characters, as in URLs) or its full uuid. */
export async function findServerByIdentifier(db: Database, identifier: string): Promise<ServerRow | null> {
  const column = SHORT_ID.test(identifier) ? servers.shortId : UUID.test(identifier) ? servers.uuid : null;
  if (!column) return null;
  const rows = await db.select().from(servers).where(eq(column, identifier.toLowerCase())).limit(1);
  return rows[0] ?? null;
}

/** The permissions `user` holds on `server`, or null when the server is not visible to them. */
export async function accessFor(db: Database, user: UserRow, server: ServerRow): Promise<ServerAccess | null> {
  if (server.ownerId === user.id) return { server, isOwner: true, permissions: 'all' };
  if (user.rootAdmin) return { server, isOwner: false, permissions: 'all' };
  // A share with a role holds the role's keys (so editing the role changes every member at once).
  const rows = await db
    .select({ id: serverPermissions.id, permissions: serverPermissions.permissions, rolePermissions: serverRoles.permissions, lastActiveAt: serverPermissions.lastActiveAt })
    .from(serverPermissions)
    .leftJoin(serverRoles, eq(serverRoles.id, serverPermissions.roleId))
    .where(and(eq(serverPermissions.serverId, server.id), eq(serverPermissions.userId, user.id), eq(serverPermissions.status, 'active')))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const keys = row.rolePermissions ?? row.permissions;
  return { server, isOwner: false, permissions: new Set(keys.filter(isPermissionKey)), share: { id: row.id, lastActiveAt: row.lastActiveAt } };
}

/** Records that the person a server is shared with used it (at most once a minute per share). */
async function touchShare(db: Database, access: ServerAccess): Promise<void> {
  const share = access.share;
  if (!share || (share.lastActiveAt && Date.now() - share.lastActiveAt.getTime() < ACTIVITY_TOUCH_MS)) return;
  await db.update(serverPermissions).set({ lastActiveAt: new Date() }).where(eq(serverPermissions.id, share.id));
}

/**
 * Resolves `identifier` (short id or uuid) to the caller's access, or null (answered as 404).
 * Used for server-scoped requests, so it also keeps the share's last activity current.
 */
export async function resolveServerAccess(db: Database, user: UserRow, identifier: string): Promise<ServerAccess | null> {
  const server = await findServerByIdentifier(db, identifier);
  const access = server ? await accessFor(db, user, server) : null;
  if (access) await touchShare(db, access);
  return access;
}

/** Whether the access includes `key`. */
export function accessAllows(access: ServerAccess, key: PermissionKey): boolean {
  return access.permissions === 'all' || access.permissions.has(key);
}

/** The keys the access includes, as a list for API answers. */
export function accessKeys(access: ServerAccess): PermissionKey[] {
  return access.permissions === 'all' ? [...permissionKeys] : permissionKeys.filter((key) => accessAllows(access, key));
}
