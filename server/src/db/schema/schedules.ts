import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { servers } from './servers';
import { users } from './users';

/**
 * Scheduled tasks of a server: cron fields evaluated in `timezone`, a chain of tasks
 * (schedule_tasks) and the history of runs (schedule_runs). `createdBy` is whose permissions
 * the power and backup tasks run with.
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
    minute: varchar('minute', { length: 64 }).notNull().default('*'),
    hour: varchar('hour', { length: 64 }).notNull().default('*'),
    dayOfMonth: varchar('day_of_month', { length: 64 }).notNull().default('*'),
    month: varchar('month', { length: 64 }).notNull().default('*'),
    dayOfWeek: varchar('day_of_week', { length: 64 }).notNull().default('*'),
    timezone: varchar('timezone', { length: 64 }).notNull().default('UTC'),
    onlyWhenOnline: boolean('only_when_online').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The next time it fires (null when disabled); a time missed while no panel ran is skipped. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedules_server_idx').on(t.serverId), index('schedules_next_idx').on(t.nextRunAt)],
);

export type ScheduleRow = typeof schedules.$inferSelect;

/** One step of a schedule's chain: a console command, a power action or a backup. */
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

/** The outcome of one task in a run. */
export interface TaskOutcome {
  task: string;
  action: string;
  outcome: 'ok' | 'failed' | 'skipped';
  output: string;
}

/**
 * Runs of a schedule. The unique (schedule, due time) pair is the claim: of several panel
 * processes, the one whose insert succeeds runs it, so a run happens exactly once.
 */
export const scheduleRuns = pgTable(
  'schedule_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true, precision: 3 }).notNull(),
    /** 'cron' | 'manual'. */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    /** 'running' | 'completed' | 'failed' | 'skipped'. */
    state: varchar('state', { length: 16 }).notNull().default('running'),
    runner: text('runner').notNull().default(''),
    results: jsonb('results').$type<TaskOutcome[]>().notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [unique('schedule_runs_claim_unique').on(t.scheduleId, t.dueAt), index('schedule_runs_schedule_idx').on(t.scheduleId, t.startedAt)],
);

export type ScheduleRunRow = typeof scheduleRuns.$inferSelect;
