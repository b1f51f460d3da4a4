import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';
import { servers } from './servers';
import { serverRoles } from './serverRoles';

/**
 * Permissions a user holds on a server they do not own (sharing). Each row lists permission keys
 * from server/src/schemas/permissions.ts. The owner and root admins hold every key and need
 * no row.
 *
 * A row is either `active` (userId set) or a `pending` invitation of an email address without an
 * account yet (userId null, invitedEmail and the SHA-256 of the single-use invitation token set).
 * With `roleId` set, the role's keys apply and `permissions` is ignored.
 */
export const serverPermissions = pgTable(
  'server_permissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    /** Public id of the share (the `{subuser}` of the sharing API). */
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    roleId: integer('role_id').references(() => serverRoles.id, { onDelete: 'restrict' }),
    /** 'active' | 'pending'. */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    invitedEmail: varchar('invited_email', { length: 254 }),
    invitationTokenHash: text('invitation_token_hash').unique(),
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true }),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Last server-scoped request of the user on this server (refreshed at most once a minute). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('server_permissions_server_user_unique').on(t.serverId, t.userId),
    unique('server_permissions_server_email_unique').on(t.serverId, t.invitedEmail),
    index('server_permissions_user_idx').on(t.userId),
    index('server_permissions_role_idx').on(t.roleId),
  ],
);

export type ServerPermissionRow = typeof serverPermissions.$inferSelect;
