import { bigint, boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { nodes } from './nodes';
import { servers } from './servers';
import { users } from './users';

/**
 * Moves of servers between nodes, one row per move, kept so a panel that restarts in the middle of
 * one knows what it was doing: before `switched` the server still belongs to its source (the move is
 * rolled back: the target's copy removed, its ports given back), after it the target holds it (the
 * move is finished: the source's copy removed, the server started there when it ran).
 */
export const serverTransfers = pgTable(
  'server_transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    fromNodeId: integer('from_node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    toNodeId: integer('to_node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    /** running, completed or failed. */
    state: varchar('state', { length: 16 }).notNull(),
    /** stopping, copying, switching, starting or done. */
    step: varchar('step', { length: 16 }).notNull(),
    bytesCopied: bigint('bytes_copied', { mode: 'number' }).notNull().default(0),
    bytesTotal: bigint('bytes_total', { mode: 'number' }),
    /** Where players reach the server once moved (host:port). */
    address: varchar('address', { length: 300 }),
    error: text('error'),
    /** Whether the server ran when the move began (it is started again wherever it ends up). */
    wasRunning: boolean('was_running').notNull().default(false),
    /** Whether the subdomain's records were pointed at the target (pointed home again on a rollback). */
    pointed: boolean('pointed').notNull().default(false),
    /** Whether the server's rows were switched to the target: the point of no return. */
    switched: boolean('switched').notNull().default(false),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorIp: varchar('actor_ip', { length: 64 }),
    actorVia: varchar('actor_via', { length: 128 }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('server_transfers_server_idx').on(t.serverId), index('server_transfers_state_idx').on(t.state)],
);

export type ServerTransferRow = typeof serverTransfers.$inferSelect;
