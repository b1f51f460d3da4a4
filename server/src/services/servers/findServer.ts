import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { servers, type ServerRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { findServerByIdentifier } from '../permissions/serverAccess';

/** A server by short id, uuid or the billing system's external id; 404 when there is none. */
export async function requireServer(db: Database, identifier: string): Promise<ServerRow> {
  const byId = await findServerByIdentifier(db, identifier);
  if (byId) return byId;
  const [byExternal] = await db.select().from(servers).where(eq(servers.externalId, identifier)).limit(1);
  if (!byExternal) throw notFound('Server');
  return byExternal;
}

/** A server by its uuid, or null. */
export async function findServerByUuid(db: Database, uuid: string): Promise<ServerRow | null> {
  const [server] = await db.select().from(servers).where(eq(servers.uuid, uuid)).limit(1);
  return server ?? null;
}
