import { boolean, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { servers } from './servers';

/**
 * Crashes: every time a server's game stopped without being asked to (it exited, was killed from
 * outside, or ran out of memory), with the console lines that led up to it and what the panel did
 * about it (`outcome`: restarting, gave_up, restart_off, limit, not_running).
 */
export const serverCrashes = pgTable(
  'server_crashes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    exitCode: integer('exit_code'),
    signal: varchar('signal', { length: 16 }),
    /** 'exit' | 'memory' | 'disk', as the runtime reported it. */
    reason: varchar('reason', { length: 16 }).notNull(),
    outOfMemory: boolean('out_of_memory').notNull().default(false),
    /** The runtime's own sentence about the stop (English; the client words it from the fields). */
    message: varchar('message', { length: 500 }).notNull(),
    outcome: varchar('outcome', { length: 16 }).notNull(),
    /** Which restart this crash led to (1-based) and the policy's cap then; null when none was planned. */
    restartAttempt: integer('restart_attempt'),
    maxRestarts: integer('max_restarts'),
    /** The last console lines before the crash, oldest first. */
    lines: jsonb('lines').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('server_crashes_server_idx').on(t.serverId, t.createdAt)],
);

export type ServerCrashRow = typeof serverCrashes.$inferSelect;
