import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverWebhooks, webhookDeliveries, webhookPendingDeliveries } from '../../db/schema';
import { WEBHOOK_LIMITS } from '../../schemas/webhooks';
import type { DeliveryRecord } from './deliveryLog';
import type { DeliveryJob } from './DeliveryQueue';
import { pendingPayload } from './pendingRetries';

/**
 * The delivery writer's statements. Each carries its rows as one array per column, unnested in
 * the database: building a statement then costs one pass over the rows, whatever their number
 * (a multi-row VALUES list cost Drizzle a few milliseconds per 50 rows on the panel's thread,
 * seven parameters a row), and the database parses the same short text every time.
 * Arrays go as text or int arrays and are cast in SQL, which both drivers send alike.
 */

/** A hook and an event: the key of a pending delivery. */
export type DeliveryKey = Pick<DeliveryJob, 'webhookId'> & { eventId: string };

/** One column's values as a single array parameter. */
const column = <T>(rows: T[], value: (row: T) => string | number | null): SQL => sql`${sql.param(rows.map(value))}`;

const isoOrNull = (date: Date | number | null): string | null => (date === null ? null : new Date(date).toISOString());

/** Pending rows to write: first attempts (with this process's lease) or planned retries (no lease). */
export interface PendingRow {
  job: DeliveryJob;
  dueAt: Date;
  lockedUntil: number | null;
}

/**
 * Rows of a hook deleted meanwhile are left out: the statement does not fail for them (and the
 * others are not written again one by one); such a hook is not sent to anyway.
 */
const hookExists = sql`where exists (select 1 from ${serverWebhooks} h where h.id = r.webhook_id)`;

function pendingRows(rows: PendingRow[]): SQL {
  return sql`select r.webhook_id, r.event_id, r.event, r.payload::jsonb, r.attempt, r.due_at, r.locked_until
    from unnest(
      ${column(rows, ({ job }) => job.webhookId)}::int[],
      ${column(rows, ({ job }) => job.event.id)}::uuid[],
      ${column(rows, ({ job }) => job.event.name)}::text[],
      ${column(rows, ({ job }) => JSON.stringify(pendingPayload(job.event)))}::text[],
      ${column(rows, ({ job }) => job.attempt)}::int[],
      ${column(rows, ({ dueAt }) => dueAt.toISOString())}::timestamptz[],
      ${column(rows, ({ lockedUntil }) => isoOrNull(lockedUntil))}::timestamptz[]
    ) as r(webhook_id, event_id, event, payload, attempt, due_at, locked_until)
    ${hookExists}`;
}

const pendingColumns = sql`(webhook_id, event_id, event, payload, attempt, due_at, locked_until)`;

/** First attempts' rows, written before they are sent; one already there (sent by another process) is left alone. */
export function insertFirstAttempts(db: Database, rows: PendingRow[]): Promise<unknown> {
  return db.execute(sql`insert into ${webhookPendingDeliveries} ${pendingColumns} ${pendingRows(rows)} on conflict do nothing`);
}

/** Retries planned: the delivery's row now says which attempt is due when, and nobody holds it. */
export function upsertRetries(db: Database, rows: PendingRow[]): Promise<unknown> {
  return db.execute(sql`insert into ${webhookPendingDeliveries} ${pendingColumns} ${pendingRows(rows)}
    on conflict (webhook_id, event_id) do update set attempt = excluded.attempt, due_at = excluded.due_at, locked_until = null`);
}

/** Attempts in the hooks' delivery logs, in the order given (the log lists them newest first by id). */
export function insertAttempts(db: Database, records: DeliveryRecord[]): Promise<unknown> {
  return db.execute(sql`insert into ${webhookDeliveries} (webhook_id, event_id, event, status, attempt, response_code, error, duration_ms)
    select r.webhook_id, r.event_id, r.event, r.status, r.attempt, r.response_code, r.error, r.duration_ms from unnest(
      ${column(records, (record) => record.webhookId)}::int[],
      ${column(records, (record) => record.eventId)}::uuid[],
      ${column(records, (record) => record.event)}::text[],
      ${column(records, (record) => record.status)}::text[],
      ${column(records, (record) => record.attempt)}::int[],
      ${column(records, (record) => record.responseCode)}::int[],
      ${column(records, (record) => record.error?.slice(0, 500) ?? null)}::text[],
      ${column(records, (record) => record.durationMs)}::int[]
    ) with ordinality as r(webhook_id, event_id, event, status, attempt, response_code, error, duration_ms, n)
    ${hookExists}
    order by r.n`);
}

function keysTable(keys: DeliveryKey[]): SQL {
  return sql`unnest(${column(keys, (key) => key.webhookId)}::int[], ${column(keys, (key) => key.eventId)}::uuid[]) as k(webhook_id, event_id)`;
}

/** Deliveries done (delivered or given up): nothing is left to resume. */
export function deletePending(db: Database, keys: DeliveryKey[]): Promise<unknown> {
  return db.execute(sql`delete from ${webhookPendingDeliveries} p using ${keysTable(keys)} where p.webhook_id = k.webhook_id and p.event_id = k.event_id`);
}

/** First attempts this process will not send (it is closing): free for the next start at once. */
export function releaseFirstAttempts(db: Database, keys: DeliveryKey[]): Promise<unknown> {
  return db.execute(sql`update ${webhookPendingDeliveries} p set locked_until = null from ${keysTable(keys)}
    where p.webhook_id = k.webhook_id and p.event_id = k.event_id and p.attempt = 1`);
}

/** Cuts these hooks' logs back to the newest entries each keeps. */
export function pruneLogs(db: Database, hookIds: number[]): Promise<unknown> {
  return db.execute(sql`
    delete from ${webhookDeliveries} d using (
      select h.id as webhook_id,
        (select x.id from ${webhookDeliveries} x where x.webhook_id = h.id order by x.id desc offset ${WEBHOOK_LIMITS.deliveriesKept} limit 1) as cut
      from unnest(${sql.param(hookIds)}::int[]) as h(id)
    ) c
    where d.webhook_id = c.webhook_id and d.id <= c.cut`);
}
