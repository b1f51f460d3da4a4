import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Single-use login links issued through the admin API, so a billing system (WHMCS and the like)
 * can send its customer straight into the panel. Only the SHA-256 of a token is stored; a token
 * lives for a minute and is spent by the first exchange.
 */
export const loginTokens = pgTable(
  'login_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /** Public identifier of the admin key that asked for the link. */
    issuedBy: varchar('issued_by', { length: 16 }),
    /** Panel path to open after the login, e.g. /server/abc123/console. */
    redirectTo: text('redirect_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedIp: varchar('used_ip', { length: 64 }),
  },
  (t) => [index('login_tokens_user_idx').on(t.userId)],
);

export type LoginTokenRow = typeof loginTokens.$inferSelect;
