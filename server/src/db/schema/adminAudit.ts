import { index, integer, jsonb, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The panel-wide log of admin actions: every state-changing call on the admin API (by an admin
 * key or a root admin's session) and every refused attempt on it. The actor's username and key
 * identifier are copied so the trail survives the account or key being deleted.
 */
export const adminAuditLogs = pgTable(
  'admin_audit_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: varchar('actor_username', { length: 32 }),
    actorKey: varchar('actor_key', { length: 16 }),
    ip: varchar('ip', { length: 64 }),
    /** The admin operation (`suspendAdminServer`) or `admin.denied` for a refused attempt. */
    event: varchar('event', { length: 96 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    path: varchar('path', { length: 512 }).notNull(),
    /** What was acted on: `server`, `user`, `node`, … and its identifier as given in the path. */
    targetType: varchar('target_type', { length: 32 }),
    target: varchar('target', { length: 191 }),
    status: smallint('status').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_logs_created_idx').on(t.createdAt), index('admin_audit_logs_actor_idx').on(t.actorUserId, t.createdAt)],
);

export type AdminAuditRow = typeof adminAuditLogs.$inferSelect;
