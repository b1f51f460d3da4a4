import { Type, type Static, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Limits of the area. */
export const SCHEDULE_LIMITS = {
  /** Schedules per server. */
  schedules: 20,
  /** Tasks in one schedule's chain. */
  tasks: 10,
  /** Longest wait before a task, in seconds. */
  delaySeconds: 900,
  /** Runs kept in a schedule's history. */
  history: 50,
  /** Longest console command. */
  commandLength: 255,
  /** Backup ignore patterns, in bytes. */
  ignoredBytes: 4096,
} as const;

export const TaskActionSchema = Type.Union([Type.Literal('command'), Type.Literal('power'), Type.Literal('backup')], {
  description: 'command: a console line; power: start, stop, restart or kill; backup: a backup (payload: ignore patterns)',
});
export type TaskAction = Static<typeof TaskActionSchema>;

/** Events a schedule may run on, besides or instead of its cron times. */
export const scheduleTriggerEvents = ['crash', 'start', 'empty', 'player_join', 'threshold'] as const;
export type ScheduleTriggerEvent = (typeof scheduleTriggerEvents)[number];

export const ScheduleTriggerEventSchema = Type.Union([Type.Literal('crash'), Type.Literal('start'), Type.Literal('empty'), Type.Literal('player_join'), Type.Literal('threshold')], {
  description:
    'crash: the server crashed; start: it started; empty: it has had no players for trigger_minutes; player_join: a player joined; threshold: a resource threshold fired (GET /servers/{id}/thresholds)',
});

/** Bounds of the event fields (422 outside them). */
export const TRIGGER_LIMITS = { minutes: { min: 1, max: 1440 }, cooldownMinutes: { min: 1, max: 1440, default: 5 } } as const;

const cronField = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });

/** A task as the API shows it. */
export const ScheduleTaskSchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    sequence: Type.Integer({ description: 'Position in the chain, from 1' }),
    action: TaskActionSchema,
    payload: Type.String(),
    delay_seconds: Type.Integer({ description: 'Wait after the previous task (or the start of the run)' }),
    continue_on_failure: Type.Boolean({ description: 'Go on with the next task when this one fails' }),
  },
  { $id: 'ScheduleTask', additionalProperties: false },
);
export type ScheduleTaskJson = Static<typeof ScheduleTaskSchema>;
const ScheduleTaskRef = Type.Unsafe<ScheduleTaskJson>(Type.Ref('ScheduleTask'));

const RunResultSchema = Type.Union([Type.Literal('running'), Type.Literal('ok'), Type.Literal('failed'), Type.Literal('skipped'), Type.Literal('missed')], {
  description: 'missed: the time passed while the panel was down and nothing ran then',
});

/** A schedule as the API shows it. */
export const ScheduleSchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    name: Type.String(),
    minute: Type.String(),
    hour: Type.String(),
    day_of_month: Type.String(),
    month: Type.String(),
    day_of_week: Type.String(),
    timezone: Type.String(),
    only_when_online: Type.Boolean(),
    run_missed: Type.Boolean({ description: 'A time missed while the panel was down is run once when it is back' }),
    enabled: Type.Boolean(),
    run_on_cron: Type.Boolean({ description: 'The cron times start runs (false: only the event does)' }),
    trigger_event: Nullable(ScheduleTriggerEventSchema),
    trigger_minutes: Nullable(Type.Integer({ description: 'For empty: minutes without players' })),
    cooldown_minutes: Type.Integer({ description: 'An event run waits this long after the previous event run' }),
    last_triggered_at: Nullable(Type.String({ format: 'date-time' })),
    next_run_at: Nullable(Type.String({ format: 'date-time' })),
    next_runs: Type.Array(Type.String({ format: 'date-time' }), { description: 'The next five times it is due (empty while disabled)' }),
    last_run_at: Nullable(Type.String({ format: 'date-time' })),
    last_result: Nullable(RunResultSchema),
    last_error: Nullable(Type.String()),
    tasks: Type.Array(ScheduleTaskRef),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Schedule', additionalProperties: false },
);
export type ScheduleJson = Static<typeof ScheduleSchema>;
export const ScheduleRef = Type.Unsafe<ScheduleJson>(Type.Ref('Schedule'));

export const ScheduleListSchema = Type.Object({
  data: Type.Array(ScheduleRef),
  meta: Type.Object({ limit: Type.Integer({ description: 'Schedules a server may have' }) }),
});

/** One run in a schedule's history. */
export const ScheduleRunSchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    trigger: Type.Union([Type.Literal('schedule'), Type.Literal('manual'), Type.Literal('catch-up'), Type.Literal('event')], {
      description: 'catch-up: the one run after times missed while the panel was down (run_missed); event: started by trigger_event',
    }),
    trigger_event: Nullable(ScheduleTriggerEventSchema),
    due_at: Nullable(Type.String({ format: 'date-time' })),
    result: RunResultSchema,
    error: Nullable(Type.String()),
    tasks: Type.Array(
      Type.Object({
        task: Type.String(),
        action: Type.String(),
        payload: Type.String(),
        result: Type.Union([Type.Literal('ok'), Type.Literal('failed'), Type.Literal('skipped')]),
        output: Type.String(),
        error: Nullable(Type.String()),
      }),
    ),
    started_at: Type.String({ format: 'date-time' }),
    finished_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'ScheduleRun', additionalProperties: false },
);
export type ScheduleRunJson = Static<typeof ScheduleRunSchema>;
export const ScheduleRunRef = Type.Unsafe<ScheduleRunJson>(Type.Ref('ScheduleRun'));

/** A task in a create or update body. */
export const TaskInputSchema = Type.Object(
  {
    action: TaskActionSchema,
    payload: Type.Optional(Type.String({ maxLength: SCHEDULE_LIMITS.ignoredBytes, description: 'Command line, power signal, or backup ignore patterns' })),
    delay_seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: SCHEDULE_LIMITS.delaySeconds })),
    continue_on_failure: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type TaskInput = Static<typeof TaskInputSchema>;

const scheduleFields = {
  name: Type.String({ minLength: 1, maxLength: 191 }),
  minute: cronField('Cron minute field (0–59)'),
  hour: cronField('Cron hour field (0–23)'),
  day_of_month: cronField('Cron day-of-month field (1–31)'),
  month: cronField('Cron month field (1–12 or JAN–DEC)'),
  day_of_week: cronField('Cron day-of-week field (0–7 or SUN–SAT; 0 and 7 are Sunday)'),
  timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA timezone (default UTC)' })),
  only_when_online: Type.Optional(Type.Boolean({ description: 'Skip the run when the server is not running' })),
  run_missed: Type.Optional(Type.Boolean({ description: 'Run once when the panel is back after missing a time (default false)' })),
  enabled: Type.Optional(Type.Boolean()),
  run_on_cron: Type.Optional(Type.Boolean({ description: 'Let the cron times start runs (default true); false needs a trigger_event' })),
  trigger_event: Type.Optional(Nullable(ScheduleTriggerEventSchema)),
  trigger_minutes: Type.Optional(Nullable(Type.Integer({ minimum: TRIGGER_LIMITS.minutes.min, maximum: TRIGGER_LIMITS.minutes.max, description: 'For empty: minutes without players (1–1440)' }))),
  cooldown_minutes: Type.Optional(
    Type.Integer({
      minimum: TRIGGER_LIMITS.cooldownMinutes.min,
      maximum: TRIGGER_LIMITS.cooldownMinutes.max,
      description: 'Least time between two event runs (default 5), so a flapping server does not loop',
    }),
  ),
  tasks: Type.Optional(Type.Array(TaskInputSchema, { maxItems: SCHEDULE_LIMITS.tasks, description: 'The whole chain, in order' })),
};

export const CreateScheduleBodySchema = Type.Object(scheduleFields, { additionalProperties: false });
export type CreateScheduleBody = Static<typeof CreateScheduleBodySchema>;

export const UpdateScheduleBodySchema = Type.Partial(Type.Object(scheduleFields), { additionalProperties: false });
export type UpdateScheduleBody = Static<typeof UpdateScheduleBodySchema>;

export const UpdateTaskBodySchema = Type.Partial(Type.Object({ ...TaskInputSchema.properties, sequence: Type.Integer({ minimum: 1 }) }), { additionalProperties: false });
export type UpdateTaskBody = Static<typeof UpdateTaskBodySchema>;

export const ScheduleParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 36, description: 'Short id or uuid of the server' }),
  schedule: Type.String({ minLength: 1, maxLength: 64, description: 'Uuid of the schedule' }),
});

export const TaskParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 36 }),
  schedule: Type.String({ minLength: 1, maxLength: 64 }),
  task: Type.String({ minLength: 1, maxLength: 64, description: 'Uuid of the task' }),
});
