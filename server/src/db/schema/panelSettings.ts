import { boolean, check, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';

/**
 * The host's run-time settings (admin area, `PATCH /admin/settings`): one row, id 1. A null column
 * keeps the panel's configured default (environment), so only what the host changed is stored and
 * every panel process reads the same values without a restart.
 */
export const panelSettings = pgTable(
  'panel_settings',
  {
    id: integer('id').primaryKey().default(1),
    orderingEnabled: boolean('ordering_enabled'),
    orderLimitPerUser: integer('order_limit_per_user'),
    signupOpen: boolean('signup_open'),
    mailFrom: varchar('mail_from', { length: 320 }),
    /** 'instant' | 'external'. */
    billingProvider: varchar('billing_provider', { length: 16 }),
    brandName: varchar('brand_name', { length: 64 }),
    /** '' (stored) means no logo even where the environment names one. */
    brandLogoUrl: text('brand_logo_url'),
    /** The zones customers pick subdomains under, in the host's order; null: PANEL_DNS_ZONES. */
    dnsZones: jsonb('dns_zones').$type<string[]>(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('panel_settings_single_row', sql`${t.id} = 1`)],
);

export type PanelSettingsRow = typeof panelSettings.$inferSelect;
