import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { servers } from './servers';
import { users } from './users';

/**
 * A server's webhook: where the server's events (`events`, names from schemas/panelEvents.ts) are
 * sent. `kind` 'discord' posts Discord embeds; 'json' posts the panel's signed JSON, signed with
 * the secret kept sealed (lib/secretBox, purpose 'webhook-secret'): it is shown once, at creation.
 */
export const serverWebhooks = pgTable(
  'server_webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** 'discord' | 'json'. */
    kind: varchar('kind', { length: 16 }).notNull(),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    /** The signing secret of a json hook, sealed; null for Discord hooks. */
    secretSealed: text('secret_sealed'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('server_webhooks_server_idx').on(t.serverId)],
);
export type ServerWebhookRow = typeof serverWebhooks.$inferSelect;

/**
 * One attempt to deliver one event to one webhook, newest kept (a bounded number per hook).
 * `status`: 'delivered' (2xx), 'retrying' (failed, another attempt is planned) or 'failed'
 * (failed and given up, or a test, which is tried once).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => serverWebhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    event: varchar('event', { length: 64 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    attempt: integer('attempt').notNull(),
    responseCode: integer('response_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_hook_idx').on(t.webhookId, t.id)],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * A retry planned for a failed delivery, kept so that a panel restart resumes it at `dueAt`
 * (its back-off kept). One row per hook and event: the event id stays the idempotency key, and
 * the row is gone once the delivery succeeded or was given up. `lockedUntil` is set by the
 * process sending it, so two panel processes never send the same attempt.
 */
export const webhookPendingDeliveries = pgTable(
  'webhook_pending_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => serverWebhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    event: varchar('event', { length: 64 }).notNull(),
    /**
     * The outgoing event as first sent (time, server, data), so every attempt carries the same
     * body; `data` is kept as its JSON text, since jsonb would reorder its keys.
     */
    payload: jsonb('payload').$type<{ occurredAt: string; serverUuid: string; serverName: string; data: string }>().notNull(),
    /** The number of the attempt still to make (2 for the first retry). */
    attempt: integer('attempt').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('webhook_pending_unique').on(t.webhookId, t.eventId), index('webhook_pending_due_idx').on(t.dueAt)],
);
export type WebhookPendingDeliveryRow = typeof webhookPendingDeliveries.$inferSelect;
