import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverPermissions, servers, type ServerRow } from '../db/schema';
import type { UserRow } from '../plugins/auth';
import { isPermissionKey, permissionKeys, type PermissionKey } from './permissionKeys';

/** What a user may do on one server. */
export interface ServerAccess {
  server: ServerRow;
  isOwner: boolean;
  /** 'all' for the owner and root admins; otherwise the keys granted to the user. */
  permissions: 'all' | ReadonlySet<PermissionKey>;
}

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
  const rows = await db
    .select({ permissions: serverPermissions.permissions })
    .from(serverPermissions)
    .where(and(eq(serverPermissions.serverId, server.id), eq(serverPermissions.userId, user.id)))
    .limit(1);
  if (!rows[0]) return null;
  return { server, isOwner: false, permissions: new Set(rows[0].permissions.filter(isPermissionKey)) };
}

/** Resolves `identifier` (short id or uuid) to the caller's access, or null (answered as 404). */
export async function resolveServerAccess(db: Database, user: UserRow, identifier: string): Promise<ServerAccess | null> {
  const server = await findServerByIdentifier(db, identifier);
  return server ? accessFor(db, user, server) : null;
}

/** Whether the access includes `key`. */
export function accessAllows(access: ServerAccess, key: PermissionKey): boolean {
  return access.permissions === 'all' || access.permissions.has(key);
}

/** The keys the access includes, as a list for API answers. */
export function accessKeys(access: ServerAccess): PermissionKey[] {
  return access.permissions === 'all' ? [...permissionKeys] : permissionKeys.filter((key) => accessAllows(access, key));
}
