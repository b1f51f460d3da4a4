import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { games } from './games';

/**
 * What a customer pays for: a ladder of plans per game, each with its tier (budget or premium: the
 * tier picks the theme), its limits, its monthly price and its place in the list. Several plans may
 * share a game and tier (a ladder); the slug names a plan. A server always reads its plan's current
 * values; a plan change applies the new limits to a running server where the runtime can.
 */
export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: varchar('slug', { length: 48 }).notNull().unique(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    /** 'budget' | 'premium'; the client's theme follows it. */
    tier: varchar('tier', { length: 16 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    memoryMb: integer('memory_mb').notNull(),
    /** 100 = one full core. */
    cpuPercent: integer('cpu_percent').notNull(),
    diskMb: integer('disk_mb').notNull(),
    backups: integer('backups').notNull().default(0),
    databases: integer('databases').notNull().default(0),
    /** Ports the customer may add besides the primary one (and those the template needs). */
    extraPorts: integer('extra_ports').notNull().default(0),
    /** Price per month in minor units of `currency` (cents for EUR): never a float. */
    priceMonthly: integer('price_monthly').notNull().default(0),
    /** ISO 4217 code, e.g. EUR. */
    currency: varchar('currency', { length: 3 }).notNull().default('EUR'),
    /** Order in lists (lowest first); ties by id. */
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plans_game_order_idx').on(t.gameId, t.displayOrder)],
);

export type PlanRow = typeof plans.$inferSelect;
