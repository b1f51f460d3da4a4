import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, unique, uniqueIndex, uuid, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
// Circular with servers.ts (a server points at its primary allocation); the callback below is lazy.
import { servers } from './servers';

/**
 * Machines (or clusters) that run game servers. One `local` node today; a Kubernetes node later
 * names its driver here and the routes stay the same.
 */
export const nodes = pgTable('nodes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  /** Runtime driver: 'local' (child processes on this machine). */
  driver: varchar('driver', { length: 32 }).notNull(),
  /** Address customers connect to (shown in the panel). */
  publicHost: varchar('public_host', { length: 255 }).notNull(),
  portRangeStart: integer('port_range_start').notNull(),
  portRangeEnd: integer('port_range_end').notNull(),
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
