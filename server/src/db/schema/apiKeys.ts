import { index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Client API keys: a customer's own long-lived credentials for scripts and bots, used as
 * `Authorization: Bearer <key>` on the same API as a session. Only the SHA-256 of a key is
 * stored; `identifier` is its public beginning (prefix included), shown in listings so a key
 * found in a leak can be matched to its entry and revoked. A revoked key keeps its row, so using
 * it answers "revoked" rather than "unknown".
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identifier: varchar('identifier', { length: 16 }).notNull().unique(),
    keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
    description: text('description').notNull(),
    /** Permission keys and `read-only`; empty means everything the user may do. */
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    /** Addresses and CIDR networks (IPv4 and IPv6) the key may be used from; empty means any. */
    allowedIps: jsonb('allowed_ips').$type<string[]>().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: varchar('last_used_ip', { length: 64 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
