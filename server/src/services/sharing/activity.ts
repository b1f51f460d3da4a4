import { and, count, desc, eq, gte, like, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLogs, users } from '../../db/schema';

/** Filters of a server's activity list (all optional). */
export interface ActivityFilters {
  actor?: string;
  event?: string;
  from?: string;
  to?: string;
}

/** One audit entry as the API answers it (see ActivityEntrySchema). */
export interface ActivityView {
  id: number;
  event: string;
  actor: { uuid: string; username: string } | null;
  ip: string | null;
  properties: Record<string, unknown>;
  created_at: string;
}

/** `prefix` for LIKE, with its wildcards taken literally. */
const likePrefix = (prefix: string): string => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(serverUuid: string, filters: ActivityFilters, before?: { createdAt: Date; id: number }): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(auditLogs.serverUuid, serverUuid)];
  if (filters.actor) parts.push(eq(users.uuid, filters.actor.toLowerCase()));
  if (filters.event) parts.push(like(auditLogs.event, likePrefix(filters.event)));
  if (filters.from) parts.push(gte(auditLogs.createdAt, new Date(filters.from)));
  if (filters.to) parts.push(lte(auditLogs.createdAt, new Date(filters.to)));
  if (before) parts.push(or(lt(auditLogs.createdAt, before.createdAt), and(eq(auditLogs.createdAt, before.createdAt), lt(auditLogs.id, before.id))));
  return and(...parts);
}

function selectEntries(db: Database) {
  return db
    .select({ entry: auditLogs, actor: { uuid: users.uuid, username: users.username } })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId));
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number];

function toActivityJson({ entry, actor }: EntryRow): ActivityView {
  return { id: entry.id, event: entry.event, actor: actor ?? null, ip: entry.ip, properties: entry.properties, created_at: entry.createdAt.toISOString() };
}

/** One page of a server's audit log, newest first, with the total matching the filters. */
export async function listActivity(db: Database, serverUuid: string, filters: ActivityFilters, page: number, perPage: number): Promise<{ data: ActivityView[]; total: number }> {
  const where = conditions(serverUuid, filters);
  const rows = await selectEntries(db)
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ total }] = await db.select({ total: count() }).from(auditLogs).leftJoin(users, eq(users.id, auditLogs.actorId)).where(where);
  return { data: rows.map(toActivityJson), total };
}

/**
 * Every matching entry, newest first, in batches (keyset pagination keeps each query cheap),
 * up to `limit` entries.
 */
export async function* allActivity(db: Database, serverUuid: string, filters: ActivityFilters, limit: number, batch = 1000): AsyncGenerator<ActivityView> {
  let before: { createdAt: Date; id: number } | undefined;
  let sent = 0;
  while (sent < limit) {
    const rows = await selectEntries(db)
      .where(conditions(serverUuid, filters, before))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(Math.min(batch, limit - sent));
    for (const row of rows) yield toActivityJson(row);
    sent += rows.length;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1].entry;
    before = { createdAt: last.createdAt, id: last.id };
  }
}
