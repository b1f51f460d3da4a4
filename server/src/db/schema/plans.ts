import { integer, pgTable, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { games } from './games';

/**
 * What a customer pays for: one plan per game and tier (budget or premium) with its limits.
 * Limits are copied to nothing: a server always reads its plan's current values, so changing a
 * server's plan (billing upgrade) takes effect at the next start.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('plans_game_tier_unique').on(t.gameId, t.tier)],
);

export type PlanRow = typeof plans.$inferSelect;
