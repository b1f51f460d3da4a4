import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { WEBHOOK_LIMITS } from '../../schemas/webhooks';
import { yieldToEventLoop } from '../../lib/yieldToEventLoop';
import type { DeliveryRecord } from './deliveryLog';
import type { DeliveryJob } from './DeliveryQueue';
import { deletePending, insertAttempts, insertFirstAttempts, pruneLogs, releaseFirstAttempts, upsertRetries, type DeliveryKey } from './deliveryStatements';
import { StatementSlices } from './StatementSlices';

/** How long writes are gathered before one statement carries them all. */
const GATHER_MS = 20;
/** How often the logs written to are cut back to the newest entries each hook keeps. */
const PRUNE_EVERY_MS = 2_000;

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

/**
 * The newest `deliveriesKept` attempts of each hook, in their order: a hook's log keeps no more,
 * so older ones of the same round would only be written to be pruned (a flooded hook's round
 * costs its log 100 rows, not thousands).
 */
function newestPerHook(records: DeliveryRecord[]): DeliveryRecord[] {
  const counts = new Map<number, number>();
  const kept: DeliveryRecord[] = [];
  for (let i = records.length - 1; i >= 0; i--) {
    const count = counts.get(records[i].webhookId) ?? 0;
    if (count >= WEBHOOK_LIMITS.deliveriesKept) continue;
    counts.set(records[i].webhookId, count + 1);
    kept.push(records[i]);
  }
  return kept.reverse();
}

/**
 * The webhook deliveries' writes, gathered: a first attempt's pending row (written before it is
 * sent), each attempt's log entry, a retry planned or a delivery done. Whatever comes within a few
 * milliseconds is written together, one multi-row statement per kind, so thousands of deliveries a
 * second cost a handful of statements instead of several queries each, and nothing that reports an
 * event ever waits for the database. The statements are cut in slices with a turn of the event
 * loop between them (StatementSlices): on the embedded database they run on the panel's thread,
 * and a flood's thousands of rows in one go would stall every request and socket meanwhile.
 * A statement that fails is written again row by row, so one bad row costs only itself.
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
  /** Rows per statement, learnt per kind (a hook's prune deletes many rows: it starts with few hooks). */
  private readonly slices = {
    firstAttempts: new StatementSlices(),
    attempts: new StatementSlices(),
    finished: new StatementSlices(),
    retries: new StatementSlices(),
    released: new StatementSlices(),
    prune: new StatementSlices(5, 1),
  };

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
    await this.slices.firstAttempts.run(batch.firstAttempts, async (jobs) => {
      const lost = new Set(
        await this.each(jobs, (some) =>
          insertFirstAttempts(
            db,
            some.map((job) => ({ job, dueAt: job.event.occurredAt, lockedUntil: job.leaseUntil })),
          ),
        ),
      );
      this.options.onStored(
        jobs.filter((job) => !lost.has(job)),
        [...lost],
      );
    });
    const records = newestPerHook(batch.attempts);
    await this.slices.attempts.run(records, (some) => this.each(some, (rows) => insertAttempts(db, rows)));
    for (const record of records) this.pruneDue.add(record.webhookId);
    await this.slices.finished.run(batch.finished, (keys) => this.each(keys, (some) => deletePending(db, some)));
    await this.slices.retries.run(batch.retries, (retries) =>
      this.each(retries, (some) =>
        upsertRetries(
          db,
          some.map(({ job, dueAt }) => ({ job, dueAt, lockedUntil: null })),
        ),
      ),
    );
    await this.slices.released.run(batch.released, (keys) => this.each(keys, (some) => releaseFirstAttempts(db, some)));
    if (this.pruneDue.size > 0 && Date.now() - this.lastPrune >= PRUNE_EVERY_MS) await this.prune();
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
    for (const item of items) {
      failed.push(...(await this.each([item], statement)));
      await yieldToEventLoop();
    }
    return failed;
  }

  /** Cuts the logs of the hooks written to since the last time back to the newest entries kept. */
  private async prune(): Promise<void> {
    const hooks = [...this.pruneDue];
    this.pruneDue.clear();
    this.lastPrune = Date.now();
    await this.slices.prune.run(hooks, (some) => pruneLogs(this.options.db, some));
  }
}
