import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { schedules, scheduleRuns, scheduleTasks, servers, type ScheduleRow, type ScheduleRunRow, type ScheduleTaskRow, type ServerRow } from '../../db/schema';
import { HttpError, ValidationError } from '../../lib/errors';
import type { ServerAccess } from '../permissions/serverAccess';
import { SCHEDULE_LIMITS, TRIGGER_LIMITS, type CreateScheduleBody, type ScheduleTriggerEvent, type TaskInput, type UpdateScheduleBody, type UpdateTaskBody } from '../../schemas/schedules';
import { recordAudit, type Actor } from '../audit/audit';
import { nextRun, type CronFields } from './cron';
import { validateSchedule, validateTask } from './scheduleValidation';
import { ScheduleRuns, type ScheduleRunsOptions } from './ScheduleRuns';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ScheduleServiceOptions extends ScheduleRunsOptions {
  /** A schedule of this server was created, changed or deleted (the event triggers read them again). */
  onTriggersChanged?: (serverUuid: string) => void;
}

export interface ScheduleWithTasks {
  schedule: ScheduleRow;
  tasks: ScheduleTaskRow[];
}

/**
 * Schedules of a server and their runs: validation (cron fields per field, timezone, each task's
 * payload and the creator's right to run it), the schedules and their chains of tasks, and their
 * history; the runs themselves (the claim of due runs exactly once across panel processes, the
 * chain's execution with the owner's permissions) are ScheduleRuns'.
 */
export class ScheduleService {
  private readonly execution: ScheduleRuns;

  constructor(private readonly options: ScheduleServiceOptions) {
    this.execution = new ScheduleRuns(options);
  }

  /** Who runs schedules in this process (see ScheduleRuns.runner). */
  get runner(): string {
    return this.execution.runner;
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

  private next(fields: CronFields, timezone: string, enabled: boolean, runOnCron: boolean): Date | null {
    return enabled && runOnCron ? nextRun(fields, timezone) : null;
  }

  async create(server: ServerRow, input: CreateScheduleBody, access: ServerAccess, actor: Actor, fieldErrors: Record<string, string[]> = {}): Promise<ScheduleWithTasks> {
    validateSchedule(input, null, access, fieldErrors);
    const timezone = input.timezone ?? 'UTC';
    const enabled = input.enabled ?? true;
    const runOnCron = input.run_on_cron ?? true;
    const triggerEvent = input.trigger_event ?? null;
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
          runOnCron,
          triggerEvent,
          triggerMinutes: triggerEvent === 'empty' ? (input.trigger_minutes ?? null) : null,
          cooldownMinutes: input.cooldown_minutes ?? TRIGGER_LIMITS.cooldownMinutes.default,
          createdBy: actor.userId,
          nextRunAt: this.next(fields, timezone, enabled, runOnCron),
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
      properties: {
        schedule: created.schedule.uuid,
        name: created.schedule.name,
        cron: runOnCron ? Object.values(fields).join(' ') : null,
        trigger_event: triggerEvent,
        tasks: created.tasks.length,
      },
    });
    this.options.onTriggersChanged?.(server.uuid);
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
    const runOnCron = input.run_on_cron ?? schedule.runOnCron;
    const triggerEvent = input.trigger_event !== undefined ? input.trigger_event : (schedule.triggerEvent as ScheduleTriggerEvent | null);
    const triggerMinutes = input.trigger_minutes !== undefined ? input.trigger_minutes : schedule.triggerMinutes;
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
          runOnCron,
          triggerEvent,
          triggerMinutes: triggerEvent === 'empty' ? triggerMinutes : null,
          cooldownMinutes: input.cooldown_minutes ?? schedule.cooldownMinutes,
          nextRunAt: this.next(fields, timezone, enabled, runOnCron),
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
    this.options.onTriggersChanged?.(server.uuid);
    return this.find(server, uuid);
  }

  async delete(server: ServerRow, uuid: string, actor: Actor): Promise<void> {
    const { schedule } = await this.find(server, uuid);
    await this.db.delete(schedules).where(eq(schedules.id, schedule.id));
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.schedule.delete', ip: actor.ip, properties: { schedule: uuid, name: schedule.name } });
    this.options.onTriggersChanged?.(server.uuid);
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
    const run = await this.execution.startRun(schedule, 'manual', null, actor.userId);
    if (!run) throw new HttpError(409, 'This schedule is running; try again when the run has finished.');
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.schedule.run', ip: actor.ip, properties: { schedule: uuid, name: schedule.name, run: run.uuid } });
    return run;
  }

  /**
   * Starts the schedule because its event happened, unless an event run started it within its
   * cooldown. The claim moves `last_triggered_at` in one UPDATE guarded by the cooldown, so of
   * several panel processes hearing the event only one runs it. Answers the run, or null (cooldown,
   * disabled or no longer triggered by this event).
   */
  async runOnEvent(scheduleId: number, trigger: ScheduleTriggerEvent, cooldownMinuteMs: number, now = new Date()): Promise<ScheduleRunRow | null> {
    const [claimed] = await this.db
      .update(schedules)
      .set({ lastTriggeredAt: now })
      .where(
        and(
          eq(schedules.id, scheduleId),
          eq(schedules.enabled, true),
          eq(schedules.triggerEvent, trigger),
          sql`(${schedules.lastTriggeredAt} is null or ${schedules.lastTriggeredAt} <= ${now.toISOString()}::timestamptz - (${schedules.cooldownMinutes} * ${cooldownMinuteMs}) * interval '1 millisecond')`,
        ),
      )
      .returning();
    if (!claimed) return null;
    return this.execution.startRun(claimed, 'event', null, null, trigger);
  }

  /** A run in progress in this process (tests wait for it). */
  waitFor(runUuid: string): Promise<void> {
    return this.execution.waitFor(runUuid);
  }

  /** Waits for every run in progress in this process. */
  async settle(): Promise<void> {
    await this.execution.settle();
  }

  /** Claims and starts every run due at `now` (see ScheduleRuns.tick); answers the runs this process started. */
  async tick(now: Date = new Date()): Promise<ScheduleRunRow[]> {
    return this.execution.tick(now);
  }

  /** After a start: this panel's runs left unfinished by a crash become failed. */
  async recover(): Promise<{ failed: number }> {
    return this.execution.recover();
  }

  /** Stops waiting in delays (runs in progress record their failure) and waits for them. */
  async shutdown(): Promise<void> {
    await this.execution.shutdown();
  }
}
