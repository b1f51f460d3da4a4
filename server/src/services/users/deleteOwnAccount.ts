import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { auditLogs, serverPermissions, servers, users } from '../../db/schema';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import type { BackupService } from '../backups/BackupService';
import { deleteServer } from '../servers/serverOperations';
import type { ProvisioningContext } from '../servers/ProvisioningContext';

/** What deleting an account touches: its own servers and the shares it holds on others'. */
export interface AccountDeletionPreview {
  owned_servers: { identifier: string; name: string }[];
  shared_servers: { identifier: string; name: string; owner: string }[];
}

/** The servers the account owns and the other people's servers shared with it, by name. */
export async function previewAccountDeletion(db: Database, userId: number): Promise<AccountDeletionPreview> {
  const owned = await db.select({ identifier: servers.shortId, name: servers.name }).from(servers).where(eq(servers.ownerId, userId)).orderBy(asc(servers.name));
  const shared = await db
    .select({ identifier: servers.shortId, name: servers.name, owner: users.username })
    .from(serverPermissions)
    .innerJoin(servers, eq(servers.id, serverPermissions.serverId))
    .innerJoin(users, eq(users.id, servers.ownerId))
    .where(eq(serverPermissions.userId, userId))
    .orderBy(asc(servers.name));
  return { owned_servers: owned, shared_servers: shared };
}

/**
 * Deletes a customer's own account (the right to erasure):
 * 1. each server it owns goes through the server deletion (stopped, subdomain and databases
 *    removed, files deleted, ports freed), its backup archives first; a service that is down stops
 *    the deletion there with the account still usable, so it can be tried again;
 * 2. the account's own trail of logins (IP addresses, typed login names) is erased, then the
 *    account: its sessions, tokens, recovery codes, reset links and the shares it held go with it
 *    (their rows reference it); what it did on other people's servers stays in their logs without
 *    a name;
 * 3. one tombstone stays for administrators: `account.deleted` with the account's uuid (to match
 *    billing records), when, and how many servers and shares ended; nothing else personal.
 */
export async function deleteOwnAccount(context: ProvisioningContext & { backups: BackupService }, user: UserRow): Promise<void> {
  const owned = await context.db.select().from(servers).where(eq(servers.ownerId, user.id));
  for (const server of owned) {
    await context.backups.removeAllArchives(server);
    await deleteServer(context, server);
  }
  const shares = await context.db.delete(serverPermissions).where(eq(serverPermissions.userId, user.id)).returning({ id: serverPermissions.id });
  await context.db.delete(auditLogs).where(and(eq(auditLogs.actorId, user.id), isNull(auditLogs.serverUuid)));
  await context.db.delete(users).where(eq(users.id, user.id));
  await recordAudit(context.db, {
    actorId: null,
    event: 'account.deleted',
    ip: null,
    properties: { user: user.uuid, servers_deleted: owned.length, shares_ended: shares.length },
  });
}

/** One deleted account as administrators see it later: its uuid, when, and what ended with it. */
export interface AccountDeletionRecord {
  user: string;
  deleted_at: string;
  servers_deleted: number;
  shares_ended: number;
}

/** The tombstones of deleted accounts, newest first (`npm run panel -- users:deleted`). */
export async function listAccountDeletions(db: Database): Promise<AccountDeletionRecord[]> {
  const rows = await db.select().from(auditLogs).where(eq(auditLogs.event, 'account.deleted')).orderBy(desc(auditLogs.id));
  return rows.map((row) => ({
    user: String(row.properties.user),
    deleted_at: row.createdAt.toISOString(),
    servers_deleted: Number(row.properties.servers_deleted ?? 0),
    shares_ended: Number(row.properties.shares_ended ?? 0),
  }));
}
