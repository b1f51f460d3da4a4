import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { servers } from './servers';
import { users } from './users';

/**
 * Scheduled tasks of a server: five cron fields evaluated in `timezone`. `nextRunAt` is the next
 * time the schedule is due, computed from the database's own row after every run and on every
 * change, so a restarted panel simply continues; a panel claims a run by moving `nextRunAt`
 * forward with `UPDATE ... WHERE next_run_at = <the time it saw>`, so with several panel
 * processes on one database each run happens exactly once. `createdBy` is whose permissions the
 * tasks run with (the same checks as that person's click).
 */
export const schedules = pgTable(
  'schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 191 }).notNull(),
    minute: varchar('minute', { length: 64 }).notNull(),
    hour: varchar('hour', { length: 64 }).notNull(),
    dayOfMonth: varchar('day_of_month', { length: 64 }).notNull(),
    month: varchar('month', { length: 64 }).notNull(),
    dayOfWeek: varchar('day_of_week', { length: 64 }).notNull(),
    /** IANA timezone the cron fields are read in. */
    timezone: varchar('timezone', { length: 64 }).notNull().default('UTC'),
    onlyWhenOnline: boolean('only_when_online').notNull().default(false),
    /** A time missed while the panel was down is run once when it is back (otherwise only recorded as missed). */
    runMissed: boolean('run_missed').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** Whether the cron fields start runs; false for a schedule that only runs on its event. */
    runOnCron: boolean('run_on_cron').notNull().default(true),
    /** The event that also starts it: 'crash' | 'start' | 'empty' | 'player_join' | 'threshold' (null: none). */
    triggerEvent: varchar('trigger_event', { length: 16 }),
    /** For 'empty': how many minutes the server has had no players. */
    triggerMinutes: integer('trigger_minutes'),
    /** An event run waits this long after the previous one (a flapping server does not loop). */
    cooldownMinutes: integer('cooldown_minutes').notNull().default(5),
    /** When an event last started it; claimed with a guarded UPDATE, so one process runs it once. */
    lastTriggeredAt: timestamp('last_triggered_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** When it is due next (null while disabled). */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** 'ok' | 'failed' | 'skipped' of the last finished run. */
    lastResult: varchar('last_result', { length: 16 }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedules_server_idx').on(t.serverId), index('schedules_due_idx').on(t.enabled, t.nextRunAt)],
);
export type ScheduleRow = typeof schedules.$inferSelect;

/** One step of a schedule's chain, run in `sequence` order, each `delaySeconds` after the previous. */
export const scheduleTasks = pgTable(
  'schedule_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    /** 'command' | 'power' | 'backup'. */
    action: varchar('action', { length: 16 }).notNull(),
    /** The command line, the power signal, or the backup's ignore patterns. */
    payload: text('payload').notNull().default(''),
    delaySeconds: integer('delay_seconds').notNull().default(0),
    continueOnFailure: boolean('continue_on_failure').notNull().default(false),
  },
  (t) => [index('schedule_tasks_schedule_idx').on(t.scheduleId, t.sequence)],
);
export type ScheduleTaskRow = typeof scheduleTasks.$inferSelect;

/** What one task of a run did. */
export interface ScheduleRunTaskOutcome {
  task: string;
  action: string;
  payload: string;
  result: 'ok' | 'failed' | 'skipped';
  output: string;
  error: string | null;
}

/**
 * One run of a schedule (the history keeps the last 50 per schedule). A timed run carries the
 * time it was due, unique per schedule: a second claim of the same time cannot insert.
 */
export const scheduleRuns = pgTable(
  'schedule_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    /** 'schedule' | 'manual' | 'catch-up' (once after a time missed while the panel was down) | 'event'. */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    /** For an event run: the panel event that started it (server.crashed ...). */
    triggerEvent: varchar('trigger_event', { length: 64 }),
    /** The time a timed run was due (null for run-now). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** 'running' | 'ok' | 'failed' | 'skipped' | 'missed' (due while the panel was down; nothing ran). */
    result: varchar('result', { length: 16 }).notNull().default('running'),
    error: text('error'),
    tasks: jsonb('tasks').$type<ScheduleRunTaskOutcome[]>().notNull().default([]),
    /** The panel process family that runs it (a restarted panel marks its own leftovers failed). */
    runner: varchar('runner', { length: 255 }).notNull().default(''),
    triggeredBy: integer('triggered_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('schedule_runs_schedule_idx').on(t.scheduleId, t.startedAt), unique('schedule_runs_due_unique').on(t.scheduleId, t.dueAt)],
);
export type ScheduleRunRow = typeof scheduleRuns.$inferSelect;
