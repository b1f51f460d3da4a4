import { index, integer, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Audit trail for accounts and servers. `serverUuid` is null for account events.
 * Properties never hold secrets (passwords, tokens, codes): callers pass only safe fields.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    serverUuid: uuid('server_uuid'),
    event: varchar('event', { length: 96 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_logs_server_idx').on(t.serverUuid, t.createdAt), index('audit_logs_actor_idx').on(t.actorId, t.createdAt)],
);

export type AuditEntry = typeof auditLogs.$inferSelect;
