import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationSettings, serverPermissions, serverRoles, servers, users, type NotificationChoice } from '../../db/schema';

/** The server an event happened on, as notifications name and link it. */
export interface NotifiedServer {
  id: number;
  uuid: string;
  shortId: string;
  name: string;
}

/** One person to tell, with what a mail to them needs and their choices for the server. */
export interface Recipient {
  userId: number;
  email: string;
  language: string;
  timeFormat: number;
  choices: Record<string, NotificationChoice> | undefined;
}

/** The permission a person the server is shared with needs to be told anything about it. */
export const NOTIFICATION_PERMISSION = 'notification.read';

/**
 * The server of `uuid` and everyone who may hear about it: the owner, and each person it is
 * shared with (an active share) whose keys, or whose role's keys, hold notification.read. Null
 * when the server is gone.
 */
export async function recipientsOf(db: Database, uuid: string): Promise<{ server: NotifiedServer; recipients: Recipient[] } | null> {
  const [server] = await db.select({ id: servers.id, uuid: servers.uuid, shortId: servers.shortId, name: servers.name, ownerId: servers.ownerId }).from(servers).where(eq(servers.uuid, uuid));
  if (!server) return null;
  const shares = await db
    .select({ userId: serverPermissions.userId, permissions: serverPermissions.permissions, rolePermissions: serverRoles.permissions })
    .from(serverPermissions)
    .leftJoin(serverRoles, eq(serverRoles.id, serverPermissions.roleId))
    .where(and(eq(serverPermissions.serverId, server.id), eq(serverPermissions.status, 'active')));
  const ids = new Set<number>([server.ownerId]);
  for (const share of shares) {
    // A share with a role holds the role's keys, as serverAccess reads them.
    if (share.userId !== null && (share.rolePermissions ?? share.permissions).includes(NOTIFICATION_PERMISSION)) ids.add(share.userId);
  }
  const people = await db
    .select({ userId: users.id, email: users.email, language: users.language, timeFormat: users.timeFormat, choices: notificationSettings.choices })
    .from(users)
    .leftJoin(notificationSettings, and(eq(notificationSettings.userId, users.id), eq(notificationSettings.serverId, server.id)))
    .where(inArray(users.id, [...ids]));
  const { ownerId: _ownerId, ...named } = server;
  return { server: named, recipients: people.map((person) => ({ ...person, choices: person.choices ?? undefined })) };
}
