import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Provider identities linked to accounts (social login). One identity opens one account, and an
 * account links at most one identity per provider.
 */
export const linkedIdentities = pgTable(
  'linked_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's id in the panel's settings (discord, google, github or the host's own). */
    provider: varchar('provider', { length: 32 }).notNull(),
    /** The provider's stable id of the person (OpenID Connect `sub`, Discord or GitHub user id). */
    subject: varchar('subject', { length: 255 }).notNull(),
    /** The email the provider gave when the identity was linked (shown to the owner). */
    email: varchar('email', { length: 254 }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('linked_identities_provider_subject_idx').on(t.provider, t.subject), uniqueIndex('linked_identities_user_provider_idx').on(t.userId, t.provider)],
);

/**
 * Social logins and links under way: the state sent to the provider (stored hashed), with the PKCE
 * verifier and nonce that the callback must match. Each is spent by its first callback.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    stateHash: varchar('state_hash', { length: 64 }).notNull().unique(),
    provider: varchar('provider', { length: 32 }).notNull(),
    /** `login` (the login page) or `link` (the account page, for `user_id`). */
    purpose: varchar('purpose', { length: 8 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    /** OpenID Connect providers only. */
    nonce: text('nonce'),
    remember: integer('remember').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

export type LinkedIdentityRow = typeof linkedIdentities.$inferSelect;
export type OAuthStateRow = typeof oauthStates.$inferSelect;
