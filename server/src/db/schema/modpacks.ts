import { integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { servers } from './servers';

/**
 * The modpack installed on a server (one at most): where it came from (a Modrinth project and
 * version, or an .mrpack from the server's files), what it set up, and the files its index put
 * in the server's folder (removed when another pack or version is installed).
 */
export const serverModpacks = pgTable('server_modpacks', {
  serverId: integer('server_id')
    .primaryKey()
    .references(() => servers.id, { onDelete: 'cascade' }),
  /** 'modrinth' | 'file' */
  source: varchar('source', { length: 16 }).notNull(),
  projectId: varchar('project_id', { length: 64 }),
  versionId: varchar('version_id', { length: 64 }),
  name: varchar('name', { length: 191 }).notNull(),
  /** The pack's own version (versionId of its index). */
  versionNumber: varchar('version_number', { length: 64 }).notNull(),
  minecraft: varchar('minecraft', { length: 64 }).notNull(),
  loader: varchar('loader', { length: 16 }),
  loaderVersion: varchar('loader_version', { length: 64 }),
  files: jsonb('files').$type<string[]>().notNull().default([]),
  iconUrl: text('icon_url'),
  installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ServerModpackRow = typeof serverModpacks.$inferSelect;
