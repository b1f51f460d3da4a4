import { Type, type Static, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Tier = Type.Union([Type.Literal('budget'), Type.Literal('premium')]);
const Resource = Type.Union([Type.Literal('diskMb'), Type.Literal('backups'), Type.Literal('extraPorts'), Type.Literal('databases')]);

/**
 * The limits a plan sets, under their API names: their one definition. Answers (a plan, a
 * server's limits) take them as they are; the admins' plan editor bounds them (`minimums`:
 * memory, CPU and disk at least 1, the counts at least 0). `describeCpu` adds the CPU unit.
 */
export function planLimitProperties(options: { minimums?: boolean; describeCpu?: boolean } = {}) {
  const limit = (minimum: number, description?: string) => Type.Integer({ ...(options.minimums ? { minimum } : {}), ...(description && options.describeCpu ? { description } : {}) });
  return {
    memory_mb: limit(1),
    cpu_percent: limit(1, '100 = one core'),
    disk_mb: limit(1),
    backups: limit(0),
    databases: limit(0),
    extra_ports: limit(0),
  };
}

/** A plan as customers see it. */
export const PlanSchema = Type.Object(
  {
    slug: Type.String(),
    name: Type.String(),
    game: Type.String(),
    tier: Tier,
    ...planLimitProperties({ describeCpu: true }),
    price_monthly: Type.Integer({ description: 'Minor units (cents) per month' }),
    currency: Type.String({ description: 'ISO 4217' }),
    display_order: Type.Integer(),
  },
  { $id: 'Plan', additionalProperties: false },
);
export type PlanJson = Static<typeof PlanSchema>;
export const PlanRef = Type.Unsafe<PlanJson>(Type.Ref('Plan'));

/** A limit the server's real usage is over: remove `remove` (MiB for disk, a count otherwise) first. */
export const PlanBlockerSchema = Type.Object({ resource: Resource, used: Type.Integer(), limit: Type.Integer(), remove: Type.Integer() });

/** One plan of the server's game, compared with the current one. */
export const PlanOptionSchema = Type.Object({
  plan: PlanRef,
  current: Type.Boolean(),
  direction: Type.Union([Type.Literal('current'), Type.Literal('upgrade'), Type.Literal('downgrade')]),
  amount_due: Type.Integer({ description: 'Prorated amount due now (minor units): the price difference for the days left in this month' }),
  remaining_days: Type.Integer(),
  period_days: Type.Integer(),
  blockers: Type.Array(PlanBlockerSchema, { description: 'Limits the server is over for this plan: a change to it is refused (409) until they are removed' }),
});

/** A plan change asked for, as the page lists it. */
export const PlanOrderSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    from_plan: Type.String(),
    to_plan: Type.String(),
    provider: Type.Union([Type.Literal('instant'), Type.Literal('external')]),
    status: Type.Union([Type.Literal('pending'), Type.Literal('completed'), Type.Literal('failed'), Type.Literal('expired')]),
    amount_due: Type.Integer(),
    currency: Type.String(),
    failure_reason: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    expires_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PlanOrder', additionalProperties: false },
);
export type PlanOrderJson = Static<typeof PlanOrderSchema>;
export const PlanOrderRef = Type.Unsafe<PlanOrderJson>(Type.Ref('PlanOrder'));

export const PlanUsageSchema = Type.Object({ disk_mb: Type.Integer(), backups: Type.Integer(), extra_ports: Type.Integer(), databases: Type.Integer() });

/** The upgrade page: the current plan, the game's other plans, real usage, provider and recent orders. */
export const PlanOverviewSchema = Type.Object(
  {
    current: PlanRef,
    options: Type.Array(PlanOptionSchema),
    usage: PlanUsageSchema,
    provider: Type.Union([Type.Literal('instant'), Type.Literal('external')]),
    can_change: Type.Boolean({ description: 'Whether the caller holds plan.change' }),
    orders: Type.Array(PlanOrderRef),
  },
  { $id: 'PlanOverview', additionalProperties: false },
);
export type PlanOverviewJson = Static<typeof PlanOverviewSchema>;

export const PlanChangeBodySchema = Type.Object({ plan: Type.String({ minLength: 1, maxLength: 48 }) }, { additionalProperties: false });

/** What a plan change did: with the instant provider the plan is applied; with an external one, where to pay. */
export const PlanChangeResultSchema = Type.Object({
  order: PlanOrderRef,
  redirect_url: Nullable(Type.String({ description: 'The billing system’s checkout (external provider)' })),
  applied: Nullable(
    Type.Object({
      running: Type.Boolean(),
      applied_live: Type.Array(Type.String()),
      restart_needed: Type.Boolean({ description: 'The game uses its new memory only after a restart' }),
      theme_tier: Tier,
    }),
  ),
});
export type PlanChangeResultJson = Static<typeof PlanChangeResultSchema>;

/** The 409 of a plan the server does not fit: what to remove first. */
export const PlanConflictSchema = Type.Object({ message: Type.String(), blockers: Type.Array(PlanBlockerSchema) }, { description: 'The server uses more than the plan allows' });

const Size = Type.Union([Type.Literal('small'), Type.Literal('medium'), Type.Literal('large')]);

/** The upgrade quiz's answers. */
export const QuizAnswersSchema = Type.Object(
  {
    players: Type.Integer({ minimum: 1, maximum: 500 }),
    software: Type.Union([Type.Literal('vanilla'), Type.Literal('plugins'), Type.Literal('mods'), Type.Literal('modpack')]),
    modpack_size: Size,
    view_distance: Type.Integer({ minimum: 2, maximum: 32 }),
    world_size: Size,
    budget: Type.Optional(Type.Integer({ minimum: 0, description: 'Most per month (minor units); absent: no limit' })),
  },
  { additionalProperties: false },
);

export const QuizRecommendationSchema = Type.Object({
  plan: PlanRef,
  current: Type.Boolean({ description: 'The server already has this plan' }),
  needs: Type.Object({ memory_mb: Type.Integer(), cpu_percent: Type.Integer(), disk_mb: Type.Integer(), mods: Type.Integer() }),
  reasons: Type.Array(
    Type.Object({
      code: Type.Union([
        Type.Literal('memory'),
        Type.Literal('cpu'),
        Type.Literal('disk'),
        Type.Literal('cheapest'),
        Type.Literal('short-within-budget'),
        Type.Literal('over-budget'),
        Type.Literal('too-small'),
      ]),
      values: Type.Record(Type.String(), Type.Number()),
    }),
  ),
});
