import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverPermissions, users, type ServerRoleRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { uniqueViolation } from '../../lib/uniqueViolation';
import type { PermissionKey } from '../../schemas/permissions';
import { invitationMail, sharedNoticeMail } from '../mail/invitationMails';
import { mailLanguage } from '../mail/mailTranslator';
import { recordAudit } from '../audit/audit';
import { assertCanGrant, normalizeKeys } from './grants';
import type { Mailer } from '../mail/Mailer';
import { findSubuser, toSubuserJson, type SubuserView } from './subusers';
import type { SharingCall } from './SharingCall';

/** Invitations to addresses without an account are valid this long. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

/** What a new share grants: a custom role of the server, or explicit keys. */
export type Grant = { role: ServerRoleRow } | { permissions: PermissionKey[] };

/** The keys a grant gives. */
export const grantKeys = (grant: Grant): PermissionKey[] => ('role' in grant ? normalizeKeys(grant.role.permissions) : grant.permissions);

/** What sharing a server works with: the database, the mail that carries invitations, the log. */
export interface ShareContext {
  db: Database;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/**
 * Shares the caller's server with `email`: an existing account gets access at once (and a
 * notice mail); an unknown address gets a pending share and a mail with a single-use token.
 * The caller must hold every key granted (403 naming the first missing one). Links in the mails
 * point at `panelUrl`.
 */
export async function shareServer({ db, mailer, log }: ShareContext, call: SharingCall & { panelUrl: string }, email: string, grant: Grant): Promise<SubuserView> {
  const { access, user: actor } = call;
  const server = access.server;
  const keys = grantKeys(grant);
  assertCanGrant(access, keys);
  const [account] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (account?.id === server.ownerId) throw new HttpError(409, 'The owner already holds every permission on this server.');
  const values = {
    serverId: server.id,
    roleId: 'role' in grant ? grant.role.id : null,
    permissions: 'role' in grant ? [] : keys,
    invitedById: actor.id,
  };
  const token = account ? null : newToken();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  let shareUuid: string;
  try {
    const [row] = await db
      .insert(serverPermissions)
      .values(
        account
          ? { ...values, userId: account.id, status: 'active' }
          : { ...values, userId: null, status: 'pending', invitedEmail: email, invitationTokenHash: hashToken(token!), invitationExpiresAt: expiresAt },
      )
      .returning({ uuid: serverPermissions.uuid, id: serverPermissions.id });
    shareUuid = row.uuid;
    // An earlier invitation of this address is superseded by the account's share.
    if (account) await db.delete(serverPermissions).where(and(eq(serverPermissions.serverId, server.id), eq(serverPermissions.invitedEmail, email)));
    const mail = { to: email, inviter: actor.username, serverName: server.name, panelUrl: call.panelUrl };
    // An account reads its own language and clock; an address without one most likely reads the inviter's.
    const language = await mailLanguage(account?.language ?? actor.language, undefined, account?.timeFormat ?? actor.timeFormat);
    if (token) {
      try {
        await mailer.send(invitationMail(mail, token, expiresAt, language));
      } catch (error) {
        log.error({ err: error }, 'invitation mail failed');
        await db.delete(serverPermissions).where(eq(serverPermissions.id, row.id));
        throw new HttpError(503, 'The invitation mail could not be sent. Please try again later.');
      }
    } else {
      // The share works without the notice; a mail failure is logged, not fatal.
      await mailer.send(sharedNoticeMail(mail, language)).catch((error: unknown) => log.warn({ err: error }, 'share notice mail failed'));
    }
  } catch (error) {
    if (uniqueViolation(error)) throw new HttpError(409, account ? 'This server is already shared with this account.' : 'This address has already been invited.');
    throw error;
  }
  const created = (await findSubuser(db, server.id, shareUuid))!;
  await recordAudit(db, {
    actorId: actor.id,
    serverUuid: server.uuid,
    event: 'server.subuser.created',
    ip: call.ip,
    properties: {
      subuser_uuid: shareUuid,
      email,
      status: created.share.status,
      role_uuid: 'role' in grant ? grant.role.uuid : null,
      permissions: keys,
    },
  });
  return toSubuserJson(created);
}
