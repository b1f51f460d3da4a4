import { index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { plans } from './plans';
import { servers } from './servers';
import { users } from './users';

/**
 * A server a customer ordered. Instant billing creates the server at once ('created'); external
 * billing keeps the order 'pending' until the billing system's signed webhook says paid ('paid',
 * then 'created' once the server exists) or failed ('failed'). Stored before the customer leaves
 * for the checkout, so a restart between checkout and webhook loses nothing.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The order id the billing system sees. */
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The game template's slug. */
    template: varchar('template', { length: 48 }).notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 64 }).notNull(),
    /** The node location asked for; null lets placement choose any. */
    location: varchar('location', { length: 64 }),
    /** 'instant' | 'external'. */
    provider: varchar('provider', { length: 16 }).notNull(),
    /** 'pending' | 'paid' | 'created' | 'failed'. */
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    serverId: integer('server_id').references(() => servers.id, { onDelete: 'set null' }),
    amountDue: integer('amount_due').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    failureReason: text('failure_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_user_idx').on(t.userId, t.createdAt)],
);

export type OrderRow = typeof orders.$inferSelect;
