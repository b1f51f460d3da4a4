import { hostname } from 'node:os';
import { and, asc, count, desc, eq, inArray, isNotNull, lte, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { schedules, scheduleRuns, scheduleTasks, servers, users, type ScheduleRow, type ScheduleRunRow, type ScheduleRunTaskOutcome, type ScheduleTaskRow, type ServerRow } from '../../db/schema';
import { HttpError, ValidationError } from '../../lib/errors';
import { accessFor, type ServerAccess } from '../permissions/serverAccess';
import type { RuntimeManager } from '../servers/RuntimeManager';
import { SCHEDULE_LIMITS, type CreateScheduleBody, type TaskInput, type UpdateScheduleBody, type UpdateTaskBody } from '../../schemas/schedules';
import type { BackupService } from '../backups/BackupService';
import { recordAudit, type Actor } from '../audit/audit';
import { nextRun, type CronFields } from './cron';
import { validateSchedule, validateTask } from './scheduleValidation';
import { runChain } from './runChain';
import { MISSED_MESSAGE, missedTimes, recordMissedRuns } from './missedRuns';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A run due longer ago than this (the panel was down) is recorded as missed and the schedule moves
 * on; with `runMissed` it runs once at once instead of at each time missed.
 */
export const MISSED_GRACE_MS = 60_000;

export interface ScheduleServiceOptions {
  db: Database;
  runtime: RuntimeManager;
  backups: BackupService;
  dataDir: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** How long a command's console output is collected (default 1 s). */
  outputWindowMs?: number;
  /** How long a power task waits for the state (default 60 s). */
  powerSettleMs?: number;
}

export interface ScheduleWithTasks {
  schedule: ScheduleRow;
  tasks: ScheduleTaskRow[];
}

const fieldsOf = (row: Pick<ScheduleRow, 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek'>): CronFields => ({
  minute: row.minute,
  hour: row.hour,
  dayOfMonth: row.dayOfMonth,
  month: row.month,
  dayOfWeek: row.dayOfWeek,
});

/**
 * Schedules of a server and their runs: validation (cron fields per field, timezone, each task's
 * payload and the creator's right to run it), the claim of due runs in the database (exactly once
 * across panel processes), the chain's execution with the owner's permissions, and the history.
 */
export class ScheduleService {
  readonly runner: string;
  private readonly running = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(private readonly options: ScheduleServiceOptions) {
    this.runner = `${hostname()}:${options.dataDir}`.slice(0, 255);
  }

  private get db(): Database {
    return this.options.db;
  }

  async list(server: ServerRow): Promise<ScheduleWithTasks[]> {
    const rows = await this.db.select().from(schedules).where(eq(schedules.serverId, server.id)).orderBy(asc(schedules.createdAt), asc(schedules.id));
    if (rows.length === 0) return [];
    const tasks = await this.db
      .select()
      .from(scheduleTasks)
      .where(
        inArray(
          scheduleTasks.scheduleId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(scheduleTasks.sequence), asc(scheduleTasks.id));
    return rows.map((schedule) => ({ schedule, tasks: tasks.filter((task) => task.scheduleId === schedule.id) }));
  }

  /** One schedule of this server (another server's id is not found). */
  async find(server: ServerRow, uuid: string): Promise<ScheduleWithTasks> {
    if (!UUID.test(uuid)) throw new HttpError(404, 'Schedule not found.');
    const [schedule] = await this.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.serverId, server.id), eq(schedules.uuid, uuid)));
    if (!schedule) throw new HttpError(404, 'Schedule not found.');
    const tasks = await this.db.select().from(scheduleTasks).where(eq(scheduleTasks.scheduleId, schedule.id)).orderBy(asc(scheduleTasks.sequence), asc(scheduleTasks.id));
    return { schedule, tasks };
  }

  private taskValues(scheduleId: number, tasks: TaskInput[]) {
    return tasks.map((task, index) => ({
      scheduleId,
      sequence: index + 1,
      action: task.action,
      payload: task.action === 'backup' ? (task.payload ?? '') : (task.payload ?? '').trim(),
      delaySeconds: task.delay_seconds ?? 0,
      continueOnFailure: task.continue_on_failure ?? false,
    }));
  }

  private next(fields: CronFields, timezone: string, enabled: boolean): Date | null {
    return enabled ? nextRun(fields, timezone) : null;
  }

  async create(server: ServerRow, input: CreateScheduleBody, access: ServerAccess, actor: Actor, fieldErrors: Record<string, string[]> = {}): Promise<ScheduleWithTasks> {
    validateSchedule(input, null, access, fieldErrors);
    const timezone = input.timezone ?? 'UTC';
    const enabled = input.enabled ?? true;
    const fields: CronFields = { minute: input.minute.trim(), hour: input.hour.trim(), dayOfMonth: input.day_of_month.trim(), month: input.month.trim(), dayOfWeek: input.day_of_week.trim() };
    const created = await this.db.transaction(async (tx) => {
      // The server row is the lock that keeps the count exact under parallel requests.
      await tx.select({ id: servers.id }).from(servers).where(eq(servers.id, server.id)).for('update');
      const [{ n }] = await tx.select({ n: count() }).from(schedules).where(eq(schedules.serverId, server.id));
      if (n >= SCHEDULE_LIMITS.schedules) throw new HttpError(409, `A server can have at most ${SCHEDULE_LIMITS.schedules} schedules.`);
      const [schedule] = await tx
        .insert(schedules)
        .values({
          serverId: server.id,
          name: input.name.trim(),
          ...fields,
          timezone,
          onlyWhenOnline: input.only_when_online ?? false,
          runMissed: input.run_missed ?? false,
          enabled,
          createdBy: actor.userId,
          nextRunAt: this.next(fields, timezone, enabled),
        })
        .returning();
      const tasks = input.tasks?.length ? await tx.insert(scheduleTasks).values(this.taskValues(schedule.id, input.tasks)).returning() : [];
      return { schedule, tasks };
    });
    await recordAudit(this.db, {
      actorId: actor.userId,
      serverUuid: server.uuid,
      event: 'server.schedule.create',
      ip: actor.ip,
      properties: { schedule: created.schedule.uuid, name: created.schedule.name, cron: Object.values(fields).join(' '), tasks: created.tasks.length },
    });
    return created;
  }

  async update(server: ServerRow, uuid: string, input: UpdateScheduleBody, access: ServerAccess, actor: Actor, fieldErrors: Record<string, string[]> = {}): Promise<ScheduleWithTasks> {
    const { schedule } = await this.find(server, uuid);
    validateSchedule(input, schedule, access, fieldErrors);
    const fields: CronFields = {
      minute: (input.minute ?? schedule.minute).trim(),
      hour: (input.hour ?? schedule.hour).trim(),
      dayOfMonth: (input.day_of_month ?? schedule.dayOfMonth).trim(),
      month: (input.month ?? schedule.month).trim(),
      dayOfWeek: (input.day_of_week ?? schedule.dayOfWeek).trim(),
    };
    const timezone = input.timezone ?? schedule.timezone;
    const enabled = input.enabled ?? schedule.enabled;
    await this.db.transaction(async (tx) => {
      await tx
        .update(schedules)
        .set({
          name: input.name?.trim() ?? schedule.name,
          ...fields,
          timezone,
          enabled,
          onlyWhenOnline: input.only_when_online ?? schedule.onlyWhenOnline,
          runMissed: input.run_missed ?? schedule.runMissed,
          nextRunAt: this.next(fields, timezone, enabled),
          updatedAt: new Date(),
        })
        .where(eq(schedules.id, schedule.id));
      if (input.tasks) {
        await tx.delete(scheduleTasks).where(eq(scheduleTasks.scheduleId, schedule.id));
        if (input.tasks.length > 0) await tx.insert(scheduleTasks).values(this.taskValues(schedule.id, input.tasks));
      }
    });
    const changed = Object.keys(input);
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.schedule.update', ip: actor.ip, properties: { schedule: uuid, name: schedule.name, changed } });
    return this.find(server, uuid);
  }

  async delete(server: ServerRow, uuid: string, actor: Actor): Promise<void> {
    const { schedule } = await this.find(server, uuid);
    await this.db.delete(schedules).where(eq(schedules.id, schedule.id));
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.schedule.delete', ip: actor.ip, properties: { schedule: uuid, name: schedule.name } });
  }

  /** Adds a task at the end of the chain. */
  async addTask(server: ServerRow, uuid: string, input: TaskInput, access: ServerAccess, actor: Actor): Promise<ScheduleWithTasks> {
    const { schedule, tasks } = await this.find(server, uuid);
    if (tasks.length >= SCHEDULE_LIMITS.tasks) throw new HttpError(409, `A schedule can have at most ${SCHEDULE_LIMITS.tasks} tasks.`);
    const errors: Record<string, string[]> = {};
    validateTask(input, '', access, (field, message) => (errors[field.replace(/^\./, '')] ??= []).push(message));
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const [values] = this.taskValues(schedule.id, [input]);
    await this.db.insert(scheduleTasks).values({ ...values, sequence: (tasks.at(-1)?.sequence ?? 0) + 1 });
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.schedule.task.create', ip: actor.ip, properties: { schedule: uuid, action: input.action } });
    return this.find(server, uuid);
  }

  /** Changes one task (a new `sequence` moves it in the chain). */
  async updateTask(server: ServerRow, uuid: string, taskUuid: string, input: UpdateTaskBody, access: ServerAccess, actor: Actor): Promise<ScheduleWithTasks> {
    const { tasks } = await this.find(server, uuid);
    const task = UUID.test(taskUuid) ? tasks.find((row) => row.uuid === taskUuid) : undefined;
    if (!task) throw new HttpError(404, 'Task not found.');
    const merged: TaskInput = {
      action: input.action ?? (task.action as TaskInput['action']),
      payload: input.payload ?? (input.action && input.action !== task.action ? '' : task.payload),
      delay_seconds: input.delay_seconds ?? task.delaySeconds,
      continue_on_failure: input.continue_on_failure ?? task.continueOnFailure,
    };
    const errors: Record<string, string[]> = {};
    validateTask(merged, '', access, (field, message) => (errors[field.replace(/^\./, '')] ??= []).push(message));
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const order = tasks.filter((row) => row.id !== task.id);
    const position = Math.min(Math.max((input.sequence ?? task.sequence) - 1, 0), order.length);
    order.splice(position, 0, task);
    const [values] = this.taskValues(task.scheduleId, [merged]);
    await this.db.transaction(async (tx) => {
      for (const [index, row] of order.entries()) {
        const set = row.id === task.id ? { ...values, sequence: index + 1 } : { sequence: index + 1 };
        await tx.update(scheduleTasks).set(set).where(eq(scheduleTasks.id, row.id));
      }
    });
    await recordAudit(this.db, {
      actorId: actor.userId,
      serverUuid: server.uuid,
      event: 'server.schedule.task.update',
      ip: actor.ip,
      properties: { schedule: uuid, task: taskUuid, changed: Object.keys(input) },
    });
    return this.find(server, uuid);
  }

  async deleteTask(server: ServerRow, uuid: string, taskUuid: string, actor: Actor): Promise<ScheduleWithTasks> {
    const { tasks } = await this.find(server, uuid);
    const task = UUID.test(taskUuid) ? tasks.find((row) => row.uuid === taskUuid) : undefined;
    if (!task) throw new HttpError(404, 'Task not found.');
    await this.db.transaction(async (tx) => {
      await tx.delete(scheduleTasks).where(eq(scheduleTasks.id, task.id));
      for (const [index, row] of tasks.filter((other) => other.id !== task.id).entries())
        await tx
          .update(scheduleTasks)
          .set({ sequence: index + 1 })
          .where(eq(scheduleTasks.id, row.id));
    });
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.schedule.task.delete', ip: actor.ip, properties: { schedule: uuid, task: taskUuid } });
    return this.find(server, uuid);
  }

  /** The last 50 runs, newest first. */
  async runs(server: ServerRow, uuid: string): Promise<ScheduleRunRow[]> {
    const { schedule } = await this.find(server, uuid);
    return this.db.select().from(scheduleRuns).where(eq(scheduleRuns.scheduleId, schedule.id)).orderBy(desc(scheduleRuns.startedAt), desc(scheduleRuns.id)).limit(SCHEDULE_LIMITS.history);
  }

  /** Runs the chain now (whether enabled or not); answers the run as it starts. */
  async runNow(server: ServerRow, uuid: string, actor: Actor): Promise<ScheduleRunRow> {
    const { schedule } = await this.find(server, uuid);
    const [busy] = await this.db
      .select({ id: scheduleRuns.id })
      .from(scheduleRuns)
      .where(and(eq(scheduleRuns.scheduleId, schedule.id), eq(scheduleRuns.result, 'running')))
      .limit(1);
    if (busy) throw new HttpError(409, 'This schedule is running; try again when the run has finished.');
    const run = await this.startRun(schedule, 'manual', null, actor.userId);
    if (!run) throw new HttpError(409, 'This schedule is running; try again when the run has finished.');
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.schedule.run', ip: actor.ip, properties: { schedule: uuid, name: schedule.name, run: run.uuid } });
    return run;
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
  private async startRun(schedule: ScheduleRow, trigger: 'schedule' | 'manual' | 'catch-up', dueAt: Date | null, triggeredBy: number | null): Promise<ScheduleRunRow | null> {
    const [run] = await this.db.insert(scheduleRuns).values({ scheduleId: schedule.id, trigger, dueAt, runner: this.runner, triggeredBy }).onConflictDoNothing().returning();
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
    if (server)
      await recordAudit(this.db, {
        actorId: schedule.createdBy,
        serverUuid: server.uuid,
        event: 'server.schedule.completed',
        ip: null,
        properties: { schedule: schedule.uuid, name: schedule.name, run: run.uuid, trigger: run.trigger, result, reason: error },
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
