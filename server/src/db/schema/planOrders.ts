import { index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { plans } from './plans';
import { servers } from './servers';
import { users } from './users';

/**
 * A plan change a customer asked for. With the instant provider it is completed at once; with an
 * external billing system it stays 'pending' until the billing system's signed webhook says
 * 'paid' (→ 'completed', the plan applied) or 'failed'; past `expiresAt` it can no longer complete.
 */
export const planOrders = pgTable(
  'plan_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The order id the billing system sees. */
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    fromPlanId: integer('from_plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    toPlanId: integer('to_plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    /** 'instant' | 'external'. */
    provider: varchar('provider', { length: 16 }).notNull(),
    /** 'pending' | 'completed' | 'failed'. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** Prorated amount due now, minor units of `currency`. */
    amountDue: integer('amount_due').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Why it failed (the billing system's reason, or the panel's). */
    failureReason: text('failure_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_orders_server_idx').on(t.serverId, t.createdAt)],
);

/** Every billing webhook event accepted, by its id: a second delivery of the same id is a replay. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  eventId: varchar('event_id', { length: 128 }).primaryKey(),
  orderUuid: uuid('order_uuid').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PlanOrderRow = typeof planOrders.$inferSelect;
