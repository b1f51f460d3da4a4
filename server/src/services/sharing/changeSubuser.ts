import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverPermissions } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit';
import { assertCanGrant } from './grants';
import type { SharingCall } from './SharingCall';
import { grantKeys, type Grant } from './shareServer';
import { effectiveKeys, findSubuser, toSubuserJson, type SubuserRow, type SubuserView } from './subusers';

async function subuserOf(db: Database, call: SharingCall, uuid: string): Promise<SubuserRow> {
  const row = await findSubuser(db, call.access.server.id, uuid);
  if (!row) throw notFound('Subuser');
  return row;
}

/**
 * Gives a share a role or explicit keys. Only keys the share does not hold yet count as granted,
 * so the caller must hold those (a caller may still narrow someone who holds more than they do).
 * Nobody changes their own share: that would be the shortest way to raise one's own access.
 */
export async function updateSubuser(db: Database, call: SharingCall, uuid: string, grant: Grant): Promise<SubuserView> {
  const { access } = call;
  const row = await subuserOf(db, call, uuid);
  if (row.share.userId !== null && row.share.userId === call.user.id) throw forbidden('You cannot change your own permissions.');
  const before = effectiveKeys(row);
  const after = grantKeys(grant);
  const added = after.filter((key) => !before.includes(key));
  assertCanGrant(access, added);
  await db
    .update(serverPermissions)
    .set('role' in grant ? { roleId: grant.role.id, permissions: [], updatedAt: new Date() } : { roleId: null, permissions: after, updatedAt: new Date() })
    .where(eq(serverPermissions.id, row.share.id));
  const updated = (await findSubuser(db, access.server.id, uuid))!;
  await recordAudit(db, {
    actorId: call.user.id,
    serverUuid: access.server.uuid,
    event: 'server.subuser.updated',
    ip: call.ip,
    properties: {
      subuser_uuid: row.share.uuid,
      email: toSubuserJson(row).email,
      role_uuid: 'role' in grant ? grant.role.uuid : null,
      permissions: after,
      added,
      removed: before.filter((key) => !after.includes(key)),
    },
  });
  return toSubuserJson(updated);
}

/** Removes a share or withdraws an invitation; the person's next call is 404 and their sockets close. */
export async function deleteSubuser(db: Database, call: SharingCall, uuid: string): Promise<void> {
  const row = await subuserOf(db, call, uuid);
  await db.delete(serverPermissions).where(eq(serverPermissions.id, row.share.id));
  await recordAudit(db, {
    actorId: call.user.id,
    serverUuid: call.access.server.uuid,
    event: 'server.subuser.deleted',
    ip: call.ip,
    properties: { subuser_uuid: row.share.uuid, email: toSubuserJson(row).email, status: row.share.status },
  });
}
