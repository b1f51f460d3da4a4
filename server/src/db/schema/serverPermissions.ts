import { index, integer, jsonb, pgTable, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users';
import { servers } from './servers';

/**
 * Permissions a user holds on a server they do not own (sharing). Each row lists permission keys
 * from server/src/permissions/permissionKeys.ts. The owner and root admins hold every key and need
 * no row. Sharing (invitations, roles) builds on this table.
 */
export const serverPermissions = pgTable(
  'server_permissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('server_permissions_server_user_unique').on(t.serverId, t.userId), index('server_permissions_user_idx').on(t.userId)],
);

export type ServerPermissionRow = typeof serverPermissions.$inferSelect;
