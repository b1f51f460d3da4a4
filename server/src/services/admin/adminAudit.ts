import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminAuditLogs, type AdminAuditRow } from '../../db/schema';
import { csvLine } from '../sharing/csv';

/** Who acts on the admin API: a root admin's session or an admin key, and from where. */
export interface AdminActor {
  userId: number | null;
  username: string | null;
  key: string | null;
  ip: string | null;
}

export interface AdminActionInput {
  /** The admin operation (`suspendAdminServer`), or ADMIN_DENIED_EVENT. */
  event: string;
  method: string;
  path: string;
  targetType: string | null;
  target: string | null;
  status: number;
  properties?: Record<string, unknown>;
}

/** The event of a refused attempt on the admin API (a customer's session or key, a missing second factor). */
export const ADMIN_DENIED_EVENT = 'admin.denied';

// Body fields never copied into the log: anything that may hold a secret, and TLS material.
const SECRET_FIELD = /pass(word)?|secret|token|code|otp|totp|cookie|authorization|key|tls|cert/i;
const MAX_VALUE_LENGTH = 200;

/** The harmless scalar fields of a request body (name, plan, reason…), for the "what" of an entry. */
export function describedFields(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (SECRET_FIELD.test(field)) continue;
    if (typeof value === 'string') out[field] = value.slice(0, MAX_VALUE_LENGTH);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) out[field] = value;
  }
  return out;
}

/** Writes one entry of the panel-wide admin audit log. */
export async function recordAdminAction(db: Database, actor: AdminActor, input: AdminActionInput): Promise<void> {
  await db.insert(adminAuditLogs).values({
    actorUserId: actor.userId,
    actorUsername: actor.username,
    actorKey: actor.key,
    ip: actor.ip?.slice(0, 64) ?? null,
    event: input.event.slice(0, 96),
    method: input.method.slice(0, 8),
    path: input.path.slice(0, 512),
    targetType: input.targetType?.slice(0, 32) ?? null,
    target: input.target?.slice(0, 191) ?? null,
    status: input.status,
    properties: input.properties ?? {},
  });
}

export interface AdminAuditFilter {
  /** Username or admin key identifier (exact, case-insensitive). */
  actor?: string;
  event?: string;
  /** Identifier of what was acted on, as given in the path (part of it matches). */
  target?: string;
  from?: Date;
  to?: Date;
}

function conditionsOf(filter: AdminAuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.actor) conditions.push(or(ilike(adminAuditLogs.actorUsername, escapeLike(filter.actor)), ilike(adminAuditLogs.actorKey, escapeLike(filter.actor))));
  if (filter.event) conditions.push(eq(adminAuditLogs.event, filter.event));
  if (filter.target) conditions.push(ilike(adminAuditLogs.target, `%${escapeLike(filter.target)}%`));
  if (filter.from) conditions.push(gte(adminAuditLogs.createdAt, filter.from));
  if (filter.to) conditions.push(lte(adminAuditLogs.createdAt, filter.to));
  return conditions.length ? and(...conditions) : undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the log, newest first, with the number of entries matching the filter. */
export async function listAdminAudit(db: Database, filter: AdminAuditFilter, page: { limit: number; offset: number }): Promise<{ rows: AdminAuditRow[]; total: number }> {
  const where = conditionsOf(filter);
  const rows = await db.select().from(adminAuditLogs).where(where).orderBy(desc(adminAuditLogs.createdAt), desc(adminAuditLogs.id)).limit(page.limit).offset(page.offset);
  const [{ total }] = await db.select({ total: count() }).from(adminAuditLogs).where(where);
  return { rows, total };
}

const CSV_COLUMNS = ['time', 'actor', 'key', 'ip', 'event', 'method', 'path', 'target_type', 'target', 'status', 'properties'];

/** The rows as CSV (RFC 4180, header line first, formula-looking cells defused). */
export function adminAuditCsv(rows: AdminAuditRow[]): string {
  const lines = rows.map((row) =>
    csvLine([row.createdAt.toISOString(), row.actorUsername, row.actorKey, row.ip, row.event, row.method, row.path, row.targetType, row.target, row.status, JSON.stringify(row.properties)]),
  );
  return csvLine(CSV_COLUMNS) + lines.join('');
}
