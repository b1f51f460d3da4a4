import { index, integer, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { nodes } from './nodes';
import { servers } from './servers';

/**
 * MariaDB/MySQL servers the host's admin registered (CLI or admin API) for customers' databases.
 * The admin account creates and drops databases and users there; its password is stored sealed
 * with the panel secret (lib/secretBox) and never answered by any API.
 */
export const databaseHosts = pgTable(
  'database_hosts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    name: varchar('name', { length: 64 }).notNull().unique(),
    /** Address the panel and the game servers connect to (host name or IP). */
    host: varchar('host', { length: 255 }).notNull(),
    port: integer('port').notNull().default(3306),
    username: varchar('username', { length: 80 }).notNull(),
    passwordSealed: text('password_sealed').notNull(),
    /** The node whose servers get their databases here. */
    nodeId: integer('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('database_hosts_node_idx').on(t.nodeId)],
);

/**
 * A customer's database on a host: `name` is the full name on the host (s<server id>_<name>),
 * `username` a random user granted everything on that database only, `remote` where it may
 * connect from ('%' anywhere). The password is sealed so it can be shown again on demand.
 * A server with databases cannot be deleted before they are dropped (services/databases).
 */
export const serverDatabases = pgTable(
  'server_databases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'restrict' }),
    hostId: integer('host_id')
      .notNull()
      .references(() => databaseHosts.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 64 }).notNull(),
    username: varchar('username', { length: 32 }).notNull(),
    remote: varchar('remote', { length: 255 }).notNull().default('%'),
    passwordSealed: text('password_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('server_databases_host_name_unique').on(t.hostId, t.name),
    unique('server_databases_host_username_unique').on(t.hostId, t.username),
    index('server_databases_server_idx').on(t.serverId),
  ],
);

export type DatabaseHostRow = typeof databaseHosts.$inferSelect;
export type ServerDatabaseRow = typeof serverDatabases.$inferSelect;
