import { integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Keys of the admin API (billing systems such as WHMCS). Only the SHA-256 of a key is stored;
 * `identifier` is its public prefix, shown in listings so a key can be told apart and revoked.
 */
export const adminApiKeys = pgTable('admin_api_keys', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  identifier: varchar('identifier', { length: 16 }).notNull().unique(),
  keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export type AdminApiKeyRow = typeof adminApiKeys.$inferSelect;
