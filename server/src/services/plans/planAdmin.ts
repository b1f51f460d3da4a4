import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { games, plans, servers, type PlanRow } from '../../db/schema';
import { HttpError, ValidationError, notFound } from '../../lib/errors';
import type { PlanJson } from '../../schemas/plans';
import { planJson } from './planCatalog';

/** Fields an admin sets on a plan (API and CLI names). */
export interface PlanFields {
  slug?: string;
  game?: string;
  tier?: string;
  name?: string;
  memory_mb?: number;
  cpu_percent?: number;
  disk_mb?: number;
  backups?: number;
  databases?: number;
  extra_ports?: number;
  price_monthly?: number;
  currency?: string;
  display_order?: number;
}

const SLUG = /^[a-z0-9][a-z0-9-]{1,47}$/;
const numbers = ['memory_mb', 'cpu_percent', 'disk_mb', 'backups', 'databases', 'extra_ports', 'price_monthly', 'display_order'] as const;

/** Checks fields; every bad one is named (422). `creating` requires the fields a new plan needs. */
function validate(fields: PlanFields, creating: boolean): void {
  const errors: Record<string, string[]> = {};
  const need = (key: keyof PlanFields) => creating && fields[key] === undefined && (errors[key] = ['This field is required.']);
  for (const key of ['slug', 'game', 'tier', 'name', 'memory_mb', 'cpu_percent', 'disk_mb', 'price_monthly'] as const) need(key);
  if (fields.slug !== undefined && !SLUG.test(fields.slug)) errors.slug = ['Lower-case letters, digits and dashes, 2–48 characters.'];
  if (fields.tier !== undefined && fields.tier !== 'budget' && fields.tier !== 'premium') errors.tier = ['Budget or premium.'];
  if (fields.name !== undefined && (fields.name.trim() === '' || fields.name.length > 64)) errors.name = ['1–64 characters.'];
  if (fields.currency !== undefined && !/^[A-Z]{3}$/.test(fields.currency)) errors.currency = ['An ISO 4217 code such as EUR.'];
  for (const key of numbers) {
    const value = fields[key];
    if (value !== undefined && (!Number.isInteger(value) || value < 0 || value > 2_000_000_000)) errors[key] = ['A whole number, 0 or more.'];
  }
  for (const key of ['memory_mb', 'cpu_percent', 'disk_mb'] as const) if (fields[key] === 0) errors[key] = ['Must be more than 0.'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

function columns(fields: PlanFields): Partial<typeof plans.$inferInsert> {
  const out: Partial<typeof plans.$inferInsert> = {};
  if (fields.slug !== undefined) out.slug = fields.slug;
  if (fields.tier !== undefined) out.tier = fields.tier;
  if (fields.name !== undefined) out.name = fields.name.trim();
  if (fields.memory_mb !== undefined) out.memoryMb = fields.memory_mb;
  if (fields.cpu_percent !== undefined) out.cpuPercent = fields.cpu_percent;
  if (fields.disk_mb !== undefined) out.diskMb = fields.disk_mb;
  if (fields.backups !== undefined) out.backups = fields.backups;
  if (fields.databases !== undefined) out.databases = fields.databases;
  if (fields.extra_ports !== undefined) out.extraPorts = fields.extra_ports;
  if (fields.price_monthly !== undefined) out.priceMonthly = fields.price_monthly;
  if (fields.currency !== undefined) out.currency = fields.currency;
  if (fields.display_order !== undefined) out.displayOrder = fields.display_order;
  return out;
}

/** Every plan, by game and display order. */
export async function listAllPlans(db: Database): Promise<PlanJson[]> {
  const rows = await db.select({ plan: plans, game: games.slug }).from(plans).innerJoin(games, eq(games.id, plans.gameId)).orderBy(games.slug, plans.displayOrder, plans.id);
  return rows.map(({ plan, game }) => planJson(plan, game));
}

async function withGame(db: Database, plan: PlanRow): Promise<PlanJson> {
  const [game] = await db.select({ slug: games.slug }).from(games).where(eq(games.id, plan.gameId));
  return planJson(plan, game.slug);
}

/** Creates a plan (422 for bad fields or an unknown game, 409 for a slug in use). */
export async function createPlan(db: Database, fields: PlanFields): Promise<PlanJson> {
  validate(fields, true);
  const [game] = await db.select({ id: games.id }).from(games).where(eq(games.slug, fields.game!));
  if (!game) throw new ValidationError({ game: ['There is no such game.'] });
  const [taken] = await db.select({ id: plans.id }).from(plans).where(eq(plans.slug, fields.slug!));
  if (taken) throw new HttpError(409, 'A plan with this slug exists.');
  const [row] = await db
    .insert(plans)
    .values({ ...(columns(fields) as typeof plans.$inferInsert), gameId: game.id })
    .returning();
  return withGame(db, row);
}

/** Changes a plan's fields (its game stays). Servers on it read the new limits at their next start. */
export async function updatePlan(db: Database, slug: string, fields: PlanFields): Promise<PlanJson> {
  if (fields.game !== undefined) throw new ValidationError({ game: ['A plan’s game cannot change.'] });
  validate(fields, false);
  const [row] = await db.select().from(plans).where(eq(plans.slug, slug));
  if (!row) throw notFound('Plan');
  if (fields.slug !== undefined && fields.slug !== slug) {
    const [taken] = await db.select({ id: plans.id }).from(plans).where(eq(plans.slug, fields.slug));
    if (taken) throw new HttpError(409, 'A plan with this slug exists.');
  }
  const [updated] = await db
    .update(plans)
    .set({ ...columns(fields), updatedAt: new Date() })
    .where(eq(plans.id, row.id))
    .returning();
  return withGame(db, updated);
}

/** Deletes a plan no server uses (409 otherwise). */
export async function deletePlan(db: Database, slug: string): Promise<void> {
  const [row] = await db.select().from(plans).where(eq(plans.slug, slug));
  if (!row) throw notFound('Plan');
  const [{ n }] = await db.select({ n: count() }).from(servers).where(eq(servers.planId, row.id));
  if (n > 0) throw new HttpError(409, `${n} server(s) use this plan; move them to another plan first.`);
  await db
    .delete(plans)
    .where(eq(plans.id, row.id))
    .catch(() => {
      throw new HttpError(409, 'Orders refer to this plan; it cannot be deleted.');
    });
}
