import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookPendingDeliveries } from '../../db/schema';
import { WEBHOOK_LIMITS } from '../../schemas/webhooks';
import type { DeliveryRecord } from './deliveryLog';
import type { DeliveryJob } from './DeliveryQueue';
import { pendingPayload } from './pendingRetries';

/** How long writes are gathered before one statement carries them all. */
const GATHER_MS = 20;
/**
 * Rows per statement at most. On the embedded database a statement runs on the panel's own thread:
 * a few hundred rows keep each one a short pause, and the event loop turns between statements.
 */
const ROWS_PER_STATEMENT = 50;
/** How often the logs written to are cut back to the newest entries each hook keeps. */
const PRUNE_EVERY_MS = 2_000;

/** A hook and an event: the key of a pending delivery. */
type DeliveryKey = Pick<DeliveryJob, 'webhookId'> & { eventId: string };

/** What one round writes. */
interface Batch {
  firstAttempts: DeliveryJob[];
  attempts: DeliveryRecord[];
  retries: Array<{ job: DeliveryJob; dueAt: Date }>;
  finished: DeliveryKey[];
  released: DeliveryKey[];
}

export interface DeliveryWriterOptions {
  db: Database;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** First attempts whose rows are written (`stored`: may be sent) or could not be (`lost`: dropped). */
  onStored: (stored: DeliveryJob[], lost: DeliveryJob[]) => void;
}

const keyOf = (job: DeliveryJob): DeliveryKey => ({ webhookId: job.webhookId, eventId: job.event.id });

/** `(webhook_id, event_id) in ((…), …)` for a list of keys. */
function keyedBy(keys: DeliveryKey[]): SQL {
  const pairs = sql.join(
    keys.map((key) => sql`(${key.webhookId}::int, ${key.eventId}::uuid)`),
    sql`, `,
  );
  return sql`(${webhookPendingDeliveries.webhookId}, ${webhookPendingDeliveries.eventId}) in (${pairs})`;
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ROWS_PER_STATEMENT) out.push(items.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

/**
 * The webhook deliveries' writes, gathered: a first attempt's pending row (written before it is
 * sent), each attempt's log entry, a retry planned or a delivery done. Whatever comes within a few
 * milliseconds is written together, one multi-row statement per kind, so thousands of deliveries a
 * second cost a handful of statements instead of several queries each, and nothing that reports an
 * event ever waits for the database. A statement that fails (a hook deleted meanwhile) is written
 * again row by row, so one bad row costs only itself.
 */
export class DeliveryWriter {
  private firstAttempts: DeliveryJob[] = [];
  private attempts: DeliveryRecord[] = [];
  private retries: Array<{ job: DeliveryJob; dueAt: Date }> = [];
  private finished: DeliveryKey[] = [];
  private released: DeliveryKey[] = [];
  private readonly pruneDue = new Set<number>();
  private lastPrune = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private waiters: Array<() => void> = [];

  constructor(private readonly options: DeliveryWriterOptions) {}

  /** Writes the pending row of a first attempt (with its lease); `onStored` says when it may be sent. */
  store(job: DeliveryJob): void {
    this.firstAttempts.push(job);
    this.soon();
  }

  /**
   * Logs one attempt and, in the same round, plans its retry (`retry`) or ends its pending row
   * (`done`). Resolves once written: a retry's timer may only start after its row says so.
   */
  attempted(record: DeliveryRecord, outcome: { retry: { job: DeliveryJob; dueAt: Date } | null; done: boolean }): Promise<void> {
    this.attempts.push(record);
    if (outcome.retry) this.retries.push(outcome.retry);
    if (outcome.done) this.finished.push({ webhookId: record.webhookId, eventId: record.eventId });
    return this.written();
  }

  /** Gives up this process's lease on first attempts it will not send (a closing panel): the next start sends them at once. */
  release(jobs: DeliveryJob[]): Promise<void> {
    this.released.push(...jobs.map(keyOf));
    return this.written();
  }

  /** Writes everything gathered so far (and what is being written); resolves when done. */
  async flush(): Promise<void> {
    while (this.writing || this.pending()) {
      if (!this.writing) this.startWriting();
      await this.writing;
    }
  }

  private pending(): boolean {
    return this.firstAttempts.length + this.attempts.length + this.retries.length + this.finished.length + this.released.length > 0;
  }

  private written(): Promise<void> {
    this.soon();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private soon(): void {
    if (this.timer || this.writing) return;
    this.timer = setTimeout(() => this.startWriting(), GATHER_MS);
    this.timer.unref();
  }

  private startWriting(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch: Batch = { firstAttempts: this.firstAttempts, attempts: this.attempts, retries: this.retries, finished: this.finished, released: this.released };
    const waiters = this.waiters;
    this.firstAttempts = [];
    this.attempts = [];
    this.retries = [];
    this.finished = [];
    this.released = [];
    this.waiters = [];
    this.writing = this.write(batch)
      .catch((error: Error) => this.options.log.error({ err: error }, 'could not write webhook deliveries'))
      .finally(() => {
        this.writing = null;
        for (const resolve of waiters) resolve();
        if (this.pending()) this.soon();
      });
  }

  private async write(batch: Batch): Promise<void> {
    const { db } = this.options;
    for (const jobs of chunks(batch.firstAttempts)) {
      const rowOf = (job: DeliveryJob) => ({ ...this.pendingRow(job, new Date(job.event.occurredAt)), lockedUntil: job.leaseUntil === null ? null : new Date(job.leaseUntil) });
      const lost = await this.each(jobs, (some) => db.insert(webhookPendingDeliveries).values(some.map(rowOf)).onConflictDoNothing());
      this.options.onStored(
        jobs.filter((job) => !lost.includes(job)),
        lost,
      );
    }
    for (const records of chunks(batch.attempts)) {
      await this.each(records, (some) => db.insert(webhookDeliveries).values(some.map((record) => ({ ...record, error: record.error?.slice(0, 500) ?? null }))));
      for (const record of records) this.pruneDue.add(record.webhookId);
    }
    for (const keys of chunks(batch.finished)) await this.each(keys, (some) => db.delete(webhookPendingDeliveries).where(keyedBy(some)));
    for (const retries of chunks(batch.retries)) {
      await this.each(retries, (some) =>
        db
          .insert(webhookPendingDeliveries)
          .values(some.map(({ job, dueAt }) => this.pendingRow(job, dueAt)))
          .onConflictDoUpdate({
            target: [webhookPendingDeliveries.webhookId, webhookPendingDeliveries.eventId],
            set: { attempt: sql`excluded.attempt`, dueAt: sql`excluded.due_at`, lockedUntil: null },
          }),
      );
    }
    for (const keys of chunks(batch.released)) {
      await this.each(keys, (some) =>
        db
          .update(webhookPendingDeliveries)
          .set({ lockedUntil: null })
          .where(sql`${keyedBy(some)} and ${webhookPendingDeliveries.attempt} = 1`),
      );
    }
    if (this.pruneDue.size > 0 && Date.now() - this.lastPrune >= PRUNE_EVERY_MS) await this.prune();
  }

  private pendingRow(job: DeliveryJob, dueAt: Date) {
    return { webhookId: job.webhookId, eventId: job.event.id, event: job.event.name, payload: pendingPayload(job.event), attempt: job.attempt, dueAt };
  }

  /** Runs `statement` for all items; if it fails, for each alone. Answers the items that could not be written (logged). */
  private async each<T>(items: T[], statement: (some: T[]) => Promise<unknown>): Promise<T[]> {
    try {
      await statement(items);
      return [];
    } catch (error) {
      if (items.length === 1) {
        this.options.log.error({ err: error }, 'could not write a webhook delivery');
        return items;
      }
    }
    const failed: T[] = [];
    for (const item of items) failed.push(...(await this.each([item], statement)));
    return failed;
  }

  /** Cuts the logs of the hooks written to since the last time back to the newest entries kept. */
  private async prune(): Promise<void> {
    const hooks = [...this.pruneDue];
    this.pruneDue.clear();
    this.lastPrune = Date.now();
    for (const some of chunks(hooks)) {
      const ids = sql.join(
        some.map((id) => sql`(${id}::int)`),
        sql`, `,
      );
      await this.options.db.execute(sql`
        delete from ${webhookDeliveries} d using (
          select h.id as webhook_id,
            (select x.id from ${webhookDeliveries} x where x.webhook_id = h.id order by x.id desc offset ${WEBHOOK_LIMITS.deliveriesKept} limit 1) as cut
          from (values ${ids}) as h(id)
        ) c
        where d.webhook_id = c.webhook_id and d.id <= c.cut`);
    }
  }
}
