import { integer, pgTable, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { servers } from './servers';

/**
 * The name players type for a server: `<label>.<zone>` under one of the host's DNS zones
 * (PANEL_DNS_ZONES). One per server; a label is unique within its zone. Its DNS records (SRV and
 * A/AAAA) are written before the row and removed with it.
 */
export const serverSubdomains = pgTable(
  'server_subdomains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .unique()
      .references(() => servers.id, { onDelete: 'cascade' }),
    /** RFC 1123 label, lower case. */
    label: varchar('label', { length: 63 }).notNull(),
    /** One of the configured zones, lower case, without the trailing dot. */
    zone: varchar('zone', { length: 253 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('server_subdomains_zone_label_unique').on(t.zone, t.label)],
);

export type ServerSubdomainRow = typeof serverSubdomains.$inferSelect;
