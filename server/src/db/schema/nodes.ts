import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
// Circular with servers.ts (a server points at its primary allocation); the callback below is lazy.
import { servers } from './servers';

/**
 * Machines (or clusters) that run game servers: the `local` node (the panel's own machine, set up
 * from its configuration) and `docker` nodes (a Docker Engine the panel reaches over its API). A
 * Kubernetes node later names its driver here and the routes stay the same.
 */
export const nodes = pgTable('nodes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  /** Where the machine is (a data centre, a city): hosts group and place servers by it. */
  location: varchar('location', { length: 64 }).notNull().default(''),
  /** Runtime driver: 'local' (child processes on this machine) or 'docker'. */
  driver: varchar('driver', { length: 32 }).notNull(),
  /** The engine's API address of a docker node: unix:///path or tcp://host:port. */
  dockerHost: varchar('docker_host', { length: 255 }),
  /**
   * The engine's CA and the panel's client certificate and key (JSON of PEM texts), sealed with the
   * panel secret (lib/secretBox); never answered by any API.
   */
  tlsSealed: text('tls_sealed'),
  /** Address customers connect to (shown in the panel). */
  publicHost: varchar('public_host', { length: 255 }).notNull(),
  portRangeStart: integer('port_range_start').notNull(),
  portRangeEnd: integer('port_range_end').notNull(),
  /** Memory and disk the panel may hand out to servers on the node (null: no limit). */
  memoryMb: integer('memory_mb'),
  diskMb: integer('disk_mb'),
  /** No new servers are placed on a node in maintenance; its servers keep running. */
  maintenance: boolean('maintenance').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Ports on a node. A row with `serverId` null is free; rows are created on demand from the
 * node's range. `purpose` names ports a template needs besides the primary one (query, rcon).
 */
export const allocations = pgTable(
  'allocations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }).notNull(),
    port: integer('port').notNull(),
    serverId: integer('server_id').references((): AnyPgColumn => servers.id, { onDelete: 'set null' }),
    purpose: varchar('purpose', { length: 32 }),
    notes: varchar('notes', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('allocations_node_ip_port_unique').on(t.nodeId, t.ip, t.port),
    index('allocations_server_idx').on(t.serverId),
    // One port of a node is held by one server at most, whatever address its rows name.
    uniqueIndex('allocations_node_port_taken_unique')
      .on(t.nodeId, t.port)
      .where(sql`${t.serverId} is not null`),
  ],
);

export type NodeRow = typeof nodes.$inferSelect;
export type AllocationRow = typeof allocations.$inferSelect;
