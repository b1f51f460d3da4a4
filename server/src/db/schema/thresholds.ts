import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { servers } from './servers';

/**
 * A server's resource thresholds, chosen by its customer: CPU (percent of the plan's CPU), memory
 * and disk (percent of the plan's) held above a value for `minutes` publish `resource.threshold`
 * once; null leaves that resource unwatched. No row: nothing is watched.
 */
export const serverThresholds = pgTable('server_thresholds', {
  serverId: integer('server_id')
    .primaryKey()
    .references(() => servers.id, { onDelete: 'cascade' }),
  cpuPercent: integer('cpu_percent'),
  memoryPercent: integer('memory_percent'),
  diskPercent: integer('disk_percent'),
  minutes: integer('minutes').notNull().default(5),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ServerThresholdRow = typeof serverThresholds.$inferSelect;
