import { hostname } from 'node:os';
import { and, asc, desc, eq, isNotNull, lte, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { schedules, scheduleRuns, scheduleTasks, servers, users, type ScheduleRow, type ScheduleRunRow, type ScheduleRunTaskOutcome } from '../../db/schema';
import { accessFor } from '../permissions/serverAccess';
import type { RuntimeManager } from '../servers/RuntimeManager';
import { SCHEDULE_LIMITS } from '../../schemas/schedules';
import type { BackupService } from '../backups/BackupService';
import { recordAudit } from '../audit/audit';
import type { PanelEventPublisher } from '../events/PanelEvents';
import { nextRun, type CronFields } from './cron';
import { runChain } from './runChain';
import { MISSED_MESSAGE, missedTimes, recordMissedRuns } from './missedRuns';

/**
 * A run due longer ago than this (the panel was down) is recorded as missed and the schedule moves
 * on; with `runMissed` it runs once at once instead of at each time missed.
 */
export const MISSED_GRACE_MS = 60_000;

export interface ScheduleRunsOptions {
  db: Database;
  runtime: RuntimeManager;
  backups: BackupService;
  /** Where a failed run is reported (webhooks hear `schedule.failed`). */
  events?: PanelEventPublisher;
  dataDir: string;
  /** The web port, when several panel processes share the data directory (each its own runner). */
  sharedDataDirPort?: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** How long a command's console output is collected (default 1 s). */
  outputWindowMs?: number;
  /** How long a power task waits for the state (default 60 s). */
  powerSettleMs?: number;
}

const fieldsOf = (row: Pick<ScheduleRow, 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek'>): CronFields => ({
  minute: row.minute,
  hour: row.hour,
  dayOfMonth: row.dayOfMonth,
  month: row.month,
  dayOfWeek: row.dayOfWeek,
});

/**
 * The runs of schedules: the claim of due runs in the database (exactly once across panel
 * processes), times missed while the panel was down, the chain's execution with the owner's
 * permissions, and the history (the newest runs of each schedule).
 */
export class ScheduleRuns {
  /** Who runs (this machine and data folder): a crash leaves runs behind that only this panel may fail. */
  readonly runner: string;
  private readonly running = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(private readonly options: ScheduleRunsOptions) {
    this.runner = `${hostname()}:${options.dataDir}${options.sharedDataDirPort ? `:${options.sharedDataDirPort}` : ''}`.slice(0, 255);
  }

  private get db(): Database {
    return this.options.db;
  }

  /** A run in progress in this process (tests wait for it). */
  waitFor(runUuid: string): Promise<void> {
    return this.running.get(runUuid) ?? Promise.resolve();
  }

  /** Waits for every run in progress in this process. */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  /**
   * Claims and starts every run due at `now`. The claim moves `next_run_at` from the value this
   * process read to the next time, in one UPDATE guarded by that value: of several processes
   * only one sees a row come back. A run due longer ago than MISSED_GRACE_MS (the panel was
   * down) is recorded as missed, and run once if the schedule asks for it. Answers the runs this
   * process started.
   */
  async tick(now: Date = new Date()): Promise<ScheduleRunRow[]> {
    const due = await this.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.enabled, true), isNotNull(schedules.nextRunAt), lte(schedules.nextRunAt, now)))
      .orderBy(asc(schedules.nextRunAt))
      .limit(100);
    const started: ScheduleRunRow[] = [];
    for (const row of due) {
      const dueAt = row.nextRunAt!;
      let next: Date | null;
      try {
        next = nextRun(fieldsOf(row), row.timezone, now);
      } catch {
        next = null;
      }
      const [claimed] = await this.db
        .update(schedules)
        .set({ nextRunAt: next })
        .where(and(eq(schedules.id, row.id), eq(schedules.enabled, true), eq(schedules.nextRunAt, dueAt)))
        .returning();
      if (!claimed) continue;
      if (now.getTime() - dueAt.getTime() > MISSED_GRACE_MS) {
        const run = await this.catchUp(claimed, dueAt, now);
        if (run) started.push(run);
        continue;
      }
      const run = await this.startRun(claimed, 'schedule', dueAt, null);
      if (run) started.push(run);
    }
    return started;
  }

  /**
   * Times missed while the panel was down (from `firstMissed` up to `now`) go into the history as
   * "missed"; a schedule that asks for it then runs once, now, whatever the number of times missed.
   */
  private async catchUp(schedule: ScheduleRow, firstMissed: Date, now: Date): Promise<ScheduleRunRow | null> {
    const times = missedTimes(fieldsOf(schedule), schedule.timezone, firstMissed, new Date(now.getTime() + 1));
    await recordMissedRuns(this.db, schedule, times, this.runner);
    const last = times.at(-1) ?? firstMissed;
    await this.db.update(schedules).set({ lastRunAt: last, lastResult: 'missed', lastError: MISSED_MESSAGE }).where(eq(schedules.id, schedule.id));
    this.options.log.info({ schedule: schedule.uuid, missed: times.length, firstMissed, runMissed: schedule.runMissed }, 'schedule times missed while the panel was down');
    return schedule.runMissed ? this.startRun(schedule, 'catch-up', null, null) : null;
  }

  /** Inserts the run row (a timed run at most once per due time) and runs the chain in the background. */
  async startRun(
    schedule: ScheduleRow,
    trigger: 'schedule' | 'manual' | 'catch-up' | 'event',
    dueAt: Date | null,
    triggeredBy: number | null,
    triggerEvent: string | null = null,
  ): Promise<ScheduleRunRow | null> {
    const [run] = await this.db.insert(scheduleRuns).values({ scheduleId: schedule.id, trigger, triggerEvent, dueAt, runner: this.runner, triggeredBy }).onConflictDoNothing().returning();
    if (!run) return null;
    const work = this.execute(schedule, run)
      .catch((error: Error) => this.options.log.error({ err: error, run: run.uuid }, 'a schedule run failed to record'))
      .finally(() => this.running.delete(run.uuid));
    this.running.set(run.uuid, work);
    return run;
  }

  private async execute(schedule: ScheduleRow, run: ScheduleRunRow): Promise<void> {
    const outcomes: ScheduleRunTaskOutcome[] = [];
    let result: 'ok' | 'failed' | 'skipped';
    let error: string | null;
    const [server] = await this.db.select().from(servers).where(eq(servers.id, schedule.serverId));
    const tasks = await this.db.select().from(scheduleTasks).where(eq(scheduleTasks.scheduleId, schedule.id)).orderBy(asc(scheduleTasks.sequence), asc(scheduleTasks.id));
    const [owner] = schedule.createdBy === null ? [] : await this.db.select().from(users).where(eq(users.id, schedule.createdBy));
    const access = server && owner ? await accessFor(this.db, owner, server) : null;
    if (!server) {
      result = 'failed';
      error = 'The server no longer exists.';
    } else if (!access) {
      result = 'failed';
      error = 'The schedule’s owner no longer has access to this server.';
    } else if (schedule.onlyWhenOnline && this.options.runtime.state(server.uuid) !== 'running') {
      result = 'skipped';
      error = 'The server was not running (this schedule runs only when it is online).';
    } else if (tasks.length === 0) {
      result = 'skipped';
      error = 'The schedule has no tasks.';
    } else {
      const ctx = {
        db: this.db,
        runtime: this.options.runtime,
        backups: this.options.backups,
        server,
        schedule,
        access,
        signal: this.stopping.signal,
        outputWindowMs: this.options.outputWindowMs ?? 1000,
        powerSettleMs: this.options.powerSettleMs ?? 60_000,
      };
      ({ result, error } = await runChain(ctx, tasks, outcomes));
    }
    await this.finish(schedule, run, result, error, outcomes);
    if (server && result === 'failed') this.options.events?.publish('schedule.failed', server.uuid, { schedule: schedule.uuid, name: schedule.name, run: run.uuid, error });
    if (server)
      await recordAudit(this.db, {
        actorId: schedule.createdBy,
        serverUuid: server.uuid,
        event: 'server.schedule.completed',
        ip: null,
        properties: { schedule: schedule.uuid, name: schedule.name, run: run.uuid, trigger: run.trigger, trigger_event: run.triggerEvent, result, reason: error },
      });
  }

  private async finish(schedule: ScheduleRow, run: ScheduleRunRow, result: 'ok' | 'failed' | 'skipped', error: string | null, outcomes: ScheduleRunTaskOutcome[]): Promise<void> {
    const finishedAt = new Date();
    await this.db.update(scheduleRuns).set({ result, error, tasks: outcomes, finishedAt }).where(eq(scheduleRuns.id, run.id));
    await this.db.update(schedules).set({ lastRunAt: run.startedAt, lastResult: result, lastError: error }).where(eq(schedules.id, schedule.id));
    // The history keeps the newest 50 runs.
    const keep = await this.db
      .select({ id: scheduleRuns.id })
      .from(scheduleRuns)
      .where(eq(scheduleRuns.scheduleId, schedule.id))
      .orderBy(desc(scheduleRuns.startedAt), desc(scheduleRuns.id))
      .limit(SCHEDULE_LIMITS.history);
    if (keep.length === SCHEDULE_LIMITS.history) {
      await this.db.delete(scheduleRuns).where(
        and(
          eq(scheduleRuns.scheduleId, schedule.id),
          notInArray(
            scheduleRuns.id,
            keep.map((row) => row.id),
          ),
        ),
      );
    }
  }

  /**
   * After a start: this panel's runs left unfinished by a crash become failed. Times that passed
   * while the panel was down are found by the first tick (see `catchUp`).
   */
  async recover(): Promise<{ failed: number }> {
    const failed = await this.db
      .update(scheduleRuns)
      .set({ result: 'failed', error: 'The panel stopped during this run.', finishedAt: new Date() })
      .where(and(eq(scheduleRuns.result, 'running'), eq(scheduleRuns.runner, this.runner)))
      .returning();
    for (const run of failed) {
      await this.db.update(schedules).set({ lastResult: 'failed', lastError: run.error }).where(eq(schedules.id, run.scheduleId));
    }
    return { failed: failed.length };
  }

  /** Stops waiting in delays (runs in progress record their failure) and waits for them. */
  async shutdown(): Promise<void> {
    this.stopping.abort();
    await this.settle();
  }
}
