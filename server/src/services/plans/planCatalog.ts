import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { games, plans, type PlanRow } from '../../db/schema';
import type { PlanJson } from '../../schemas/plans';

/** A plan row as the API shows it. */
export function planJson(plan: PlanRow, game: string): PlanJson {
  return {
    slug: plan.slug,
    name: plan.name,
    game,
    tier: plan.tier === 'premium' ? 'premium' : 'budget',
    memory_mb: plan.memoryMb,
    cpu_percent: plan.cpuPercent,
    disk_mb: plan.diskMb,
    backups: plan.backups,
    databases: plan.databases,
    extra_ports: plan.extraPorts,
    price_monthly: plan.priceMonthly,
    currency: plan.currency,
    display_order: plan.displayOrder,
  };
}

/** The plans of a game in display order. */
export async function gamePlans(db: Database, gameId: number): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.gameId, gameId)).orderBy(asc(plans.displayOrder), asc(plans.id));
}

/** A plan by slug, with its game's slug. */
export async function planBySlug(db: Database, slug: string): Promise<{ plan: PlanRow; game: string } | null> {
  const [row] = await db
    .select({ plan: plans, game: games.slug })
    .from(plans)
    .innerJoin(games, eq(games.id, plans.gameId))
    .where(and(eq(plans.slug, slug)));
  return row ?? null;
}

/** A plan by id, with its game's slug. */
export async function planById(db: Database, id: number): Promise<{ plan: PlanRow; game: string }> {
  const [row] = await db.select({ plan: plans, game: games.slug }).from(plans).innerJoin(games, eq(games.id, plans.gameId)).where(eq(plans.id, id));
  return row;
}

/** Whether moving from `from` to `to` is a step up (a higher price, or the same price with more memory). */
export function isUpgrade(from: PlanRow, to: PlanRow): boolean {
  return to.priceMonthly > from.priceMonthly || (to.priceMonthly === from.priceMonthly && to.memoryMb > from.memoryMb);
}

/** Every game that has plans, by name, each with its plans in display order. */
export async function planCatalogue(db: Database): Promise<{ game: { slug: string; name: string }; plans: PlanJson[] }[]> {
  const rows = await db.select({ plan: plans, game: games }).from(plans).innerJoin(games, eq(games.id, plans.gameId)).orderBy(asc(games.name), asc(plans.displayOrder), asc(plans.id));
  const byGame = new Map<string, { game: { slug: string; name: string }; plans: PlanJson[] }>();
  for (const { plan, game } of rows) {
    const entry = byGame.get(game.slug) ?? { game: { slug: game.slug, name: game.name }, plans: [] };
    entry.plans.push(planJson(plan, game.slug));
    byGame.set(game.slug, entry);
  }
  return [...byGame.values()];
}
