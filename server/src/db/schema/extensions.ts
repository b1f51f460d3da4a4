import { index, integer, pgTable, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { servers } from './servers';

/**
 * The plugins and mods the panel installed on a server, by the SHA-512 of the file it wrote:
 * which catalogue project and version each file is, so the installed list recognises it (with
 * the catalogues' own lookups by hash for files put there by hand) and can offer its update.
 * A file changed or replaced by hand no longer matches its row and is looked up afresh.
 */
export const serverExtensions = pgTable(
  'server_extensions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    sha512: varchar('sha512', { length: 128 }).notNull(),
    /** modrinth | hangar | spiget | curseforge */
    provider: varchar('provider', { length: 32 }).notNull(),
    projectId: varchar('project_id', { length: 191 }).notNull(),
    projectName: varchar('project_name', { length: 191 }).notNull(),
    versionId: varchar('version_id', { length: 191 }).notNull(),
    versionNumber: varchar('version_number', { length: 191 }).notNull(),
    iconUrl: text('icon_url'),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('server_extensions_server_sha512').on(t.serverId, t.sha512), index('server_extensions_server').on(t.serverId)],
);

export type ServerExtensionRow = typeof serverExtensions.$inferSelect;
