import { Type, type Static } from 'typebox';

/** What the panel did after a crash. */
export const CrashOutcomeSchema = Type.Union([Type.Literal('restarting'), Type.Literal('gave_up'), Type.Literal('restart_off'), Type.Literal('limit'), Type.Literal('not_running')], {
  description:
    'restarting: a restart was planned (restart_attempt of max_restarts); gave_up: the policy’s cap was reached and the server stays stopped; restart_off: the crash policy is off; limit: killed for exceeding a plan limit (memory, disk), not restarted; not_running: the server was not meant to run (stopping, suspended, panel shutting down).',
});
export type CrashOutcome = Static<typeof CrashOutcomeSchema>;

export const ServerCrashSchema = Type.Object(
  {
    id: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
    exit_code: Type.Union([Type.Integer(), Type.Null()]),
    signal: Type.Union([Type.String(), Type.Null()], { description: 'e.g. SIGKILL, when the game was ended by a signal' }),
    reason: Type.Union([Type.Literal('exit'), Type.Literal('memory'), Type.Literal('disk')], {
      description: 'exit: the game ended by itself or was killed from outside; memory / disk: the plan’s limit',
    }),
    out_of_memory: Type.Boolean(),
    message: Type.String({ description: 'The runtime’s sentence about the stop (English)' }),
    outcome: CrashOutcomeSchema,
    restart_attempt: Type.Union([Type.Integer(), Type.Null()]),
    max_restarts: Type.Union([Type.Integer(), Type.Null()]),
    lines: Type.Array(Type.String(), { description: 'The last console lines before the crash (at most 100), oldest first' }),
  },
  { $id: 'ServerCrash', additionalProperties: false },
);
export type ServerCrashJson = Static<typeof ServerCrashSchema>;
export const ServerCrashRef = Type.Unsafe<ServerCrashJson>(Type.Ref('ServerCrash'));

export const CrashListQuerySchema = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});

/** Bounds of the customer's crash policy (422 outside them). */
export const crashPolicyBounds = { maxRestarts: { min: 1, max: 20 }, windowMinutes: { min: 1, max: 1440 } } as const;

export const CrashPolicySchema = Type.Object(
  {
    enabled: Type.Boolean({ description: 'Start the server again after a crash' }),
    max_restarts: Type.Integer({
      minimum: crashPolicyBounds.maxRestarts.min,
      maximum: crashPolicyBounds.maxRestarts.max,
      description: 'Restarts allowed within window_minutes before the panel gives up',
    }),
    window_minutes: Type.Integer({ minimum: crashPolicyBounds.windowMinutes.min, maximum: crashPolicyBounds.windowMinutes.max, description: 'The time window the restarts are counted in' }),
  },
  { additionalProperties: false },
);
export type CrashPolicy = Static<typeof CrashPolicySchema>;
