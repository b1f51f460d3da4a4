import { integer, jsonb, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { servers } from './servers';

/**
 * Custom roles of one server: named sets of permission keys that shares (server_permissions)
 * may reference, so changing a role changes what every member may do at once. Built-in roles
 * (viewer, moderator, admin) live in code (services/sharing/builtInRoles.ts) and are copied.
 */
export const serverRoles = pgTable(
  'server_roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    description: text('description').notNull().default(''),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('server_roles_server_name_unique').on(t.serverId, t.name)],
);

export type ServerRoleRow = typeof serverRoles.$inferSelect;
