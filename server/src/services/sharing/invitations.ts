import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { serverPermissions, serverRoles, servers, users, type ServerRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { uniqueViolation } from '../../lib/uniqueViolation';
import type { UserRow } from '../../db/schema';
import { normalizeKeys } from './grants';
import { recordAudit } from '../audit/audit';
import { sharingMessages } from './sharingMessages';

/** A pending invitation as the invitee sees it (see InvitationSchema). */
export interface InvitationView {
  uuid: string;
  server: { identifier: string; name: string };
  invited_by: { username: string } | null;
  role: { uuid: string; name: string } | null;
  permissions: string[];
  created_at: string;
  expires_at: string;
}

const inviters = alias(users, 'inviters');

/** Pending, unexpired invitations matching `where`, oldest first, as the invitee sees them. */
async function pendingInvitations(db: Database, where: SQL): Promise<InvitationView[]> {
  const rows = await db
    .select({ share: serverPermissions, server: { identifier: servers.shortId, name: servers.name }, inviter: { username: inviters.username }, role: serverRoles })
    .from(serverPermissions)
    .innerJoin(servers, eq(servers.id, serverPermissions.serverId))
    .leftJoin(inviters, eq(inviters.id, serverPermissions.invitedById))
    .leftJoin(serverRoles, eq(serverRoles.id, serverPermissions.roleId))
    .where(and(eq(serverPermissions.status, 'pending'), gt(serverPermissions.invitationExpiresAt, sql`now()`), where))
    .orderBy(asc(serverPermissions.createdAt));
  return rows.map(({ share, server, inviter, role }) => ({
    uuid: share.uuid,
    server,
    invited_by: inviter,
    role: role ? { uuid: role.uuid, name: role.name } : null,
    permissions: normalizeKeys(role ? role.permissions : share.permissions),
    created_at: share.createdAt.toISOString(),
    expires_at: share.invitationExpiresAt!.toISOString(),
  }));
}

/** Unexpired pending invitations addressed to the user's email, oldest first. */
export async function listInvitationsFor(db: Database, user: UserRow): Promise<InvitationView[]> {
  return pendingInvitations(db, eq(serverPermissions.invitedEmail, user.email.toLowerCase()));
}

/** Whether someone invited `email` to a server (pending, unexpired): while sign-up is invite-only, they may still sign up. */
export async function hasPendingInvitation(db: Database, email: string): Promise<boolean> {
  return (await pendingInvitations(db, eq(serverPermissions.invitedEmail, email.trim().toLowerCase()))).length > 0;
}

/**
 * The invitation a mailed token stands for (server, inviter, role), so the page it leads to can
 * say what is being accepted; 404 when the token is unknown, used or expired.
 */
export async function invitationForToken(db: Database, token: string): Promise<InvitationView> {
  const [found] = await pendingInvitations(db, eq(serverPermissions.invitationTokenHash, hashToken(token)));
  if (!found) throw new HttpError(404, sharingMessages.invitationInvalid);
  return found;
}

/**
 * Declines a pending invitation: it is deleted, so its link stops working and the owner sees the
 * person gone from the server's sharing list. Proof is the mailed token, or (without it) the
 * invitation being addressed to the caller's own email.
 */
export async function declineInvitation(db: Database, user: UserRow, proof: { token: string } | { uuid: string }, ip: string): Promise<{ serverUuid: string; email: string }> {
  const which =
    'token' in proof ? eq(serverPermissions.invitationTokenHash, hashToken(proof.token)) : and(eq(serverPermissions.uuid, proof.uuid), eq(serverPermissions.invitedEmail, user.email.toLowerCase()));
  const [deleted] = await db
    .delete(serverPermissions)
    .where(and(eq(serverPermissions.status, 'pending'), gt(serverPermissions.invitationExpiresAt, sql`now()`), which))
    .returning({ serverId: serverPermissions.serverId, email: serverPermissions.invitedEmail });
  if (!deleted) throw new HttpError(404, sharingMessages.invitationInvalid);
  const [server] = await db.select({ uuid: servers.uuid }).from(servers).where(eq(servers.id, deleted.serverId));
  const email = deleted.email ?? '';
  await recordAudit(db, { actorId: user.id, serverUuid: server.uuid, event: 'server.invitation.declined', ip, properties: { invited_email: email, username: user.username } });
  return { serverUuid: server.uuid, email };
}

/**
 * Turns the pending share whose token this is into the user's active share. The token proves
 * control of the invited mailbox, so any logged-in account may redeem it, once: the hash is
 * cleared in the same conditional update that activates the share. Recorded as
 * `server.invitation.accepted` in the server's log.
 */
export async function acceptInvitation(db: Database, user: UserRow, token: string, ip: string): Promise<{ server: ServerRow; shareUuid: string; email: string }> {
  const tokenHash = hashToken(token);
  const [found] = await db
    .select({ share: serverPermissions, server: servers })
    .from(serverPermissions)
    .innerJoin(servers, eq(servers.id, serverPermissions.serverId))
    .where(and(eq(serverPermissions.invitationTokenHash, tokenHash), eq(serverPermissions.status, 'pending'), gt(serverPermissions.invitationExpiresAt, sql`now()`)))
    .limit(1);
  if (!found) throw new HttpError(404, sharingMessages.invitationInvalid);
  if (found.server.ownerId === user.id) throw new HttpError(409, sharingMessages.ownServer);
  let shareUuid: string;
  try {
    const [accepted] = await db
      .update(serverPermissions)
      .set({ userId: user.id, status: 'active', invitationTokenHash: null, invitationExpiresAt: null, invitedEmail: null, updatedAt: new Date() })
      .where(and(eq(serverPermissions.id, found.share.id), eq(serverPermissions.invitationTokenHash, tokenHash)))
      .returning({ uuid: serverPermissions.uuid });
    if (!accepted) throw new HttpError(404, sharingMessages.invitationInvalid);
    shareUuid = accepted.uuid;
  } catch (error) {
    if (uniqueViolation(error)) throw new HttpError(409, sharingMessages.alreadyShared);
    throw error;
  }
  const email = found.share.invitedEmail ?? '';
  await recordAudit(db, {
    actorId: user.id,
    serverUuid: found.server.uuid,
    event: 'server.invitation.accepted',
    ip,
    properties: { subuser_uuid: shareUuid, invited_email: email, username: user.username },
  });
  return { server: found.server, shareUuid, email };
}
