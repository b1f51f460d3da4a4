import { boolean, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Social-login providers the host added in the admin area (those of the panel's settings live in
 * PANEL_OAUTH_* and are never stored). The client secret is sealed with the panel secret
 * (lib/secretBox) and never answered by any API.
 */
export const oauthProviders = pgTable('oauth_providers', {
  /** The id in addresses and linked identities (the same rules as PANEL_OAUTH_PROVIDERS ids). */
  id: varchar('id', { length: 32 }).primaryKey(),
  /** discord, google or github (their published endpoints), or oidc (an issuer of the host's choosing). */
  kind: varchar('kind', { length: 16 }).notNull(),
  /** The name on the login page's button. */
  name: varchar('name', { length: 64 }).notNull(),
  clientId: varchar('client_id', { length: 255 }).notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  /** The OpenID Connect discovery base (kind oidc only). */
  issuer: varchar('issuer', { length: 2048 }),
  /** A disabled provider is kept but not offered (login page, linking, callbacks). */
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OAuthProviderRow = typeof oauthProviders.$inferSelect;
