import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * WebAuthn credentials (passkeys) of accounts. The public key is stored as given by the
 * authenticator (COSE, base64url); the counter is the last signature count seen, so a cloned
 * authenticator replaying an older count is refused.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id (base64url), unique across all accounts. */
    credentialId: varchar('credential_id', { length: 1400 }).notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** 'singleDevice' or 'multiDevice' (synced passkeys). */
    deviceType: varchar('device_type', { length: 16 }).notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: varchar('name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * Challenges of WebAuthn ceremonies in progress: kept server-side, found by the hash of a random
 * ceremony id the client holds, spent once and short-lived, so an assertion cannot be replayed.
 */
export const passkeyChallenges = pgTable('passkey_challenges', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  ceremonyHash: varchar('ceremony_hash', { length: 64 }).notNull().unique(),
  /** 'register', 'login' (username-less), 'second-factor' or 'confirm' (a signed-in owner's proof). */
  purpose: varchar('purpose', { length: 16 }).notNull(),
  /** The account the ceremony is for; null for a username-less login. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  challenge: varchar('challenge', { length: 128 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export type PasskeyRow = typeof passkeys.$inferSelect;
