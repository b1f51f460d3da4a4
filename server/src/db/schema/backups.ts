import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { servers } from './servers';
import { users } from './users';

/**
 * Backups of a server's files: one tar.gz each, on the local disk
 * (<data dir>/backups/<server uuid>/<backup uuid>.tar.gz) or in S3-compatible storage.
 * `state` is 'running' until the archive is complete, fsynced and hashed ('completed'), or
 * 'failed' (an error, or the panel that wrote it was killed: `runner` names the panel process
 * family that owns the data directory, so its next start marks its own leftovers failed).
 */
export const backups = pgTable(
  'backups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 191 }).notNull(),
    /** Gitignore-style patterns of files left out, one a line. */
    ignored: text('ignored').notNull().default(''),
    locked: boolean('locked').notNull().default(false),
    /** 'running' | 'completed' | 'failed'. */
    state: varchar('state', { length: 16 }).notNull().default('running'),
    /** 'local' | 's3'. */
    storage: varchar('storage', { length: 8 }).notNull().default('local'),
    /** SHA-256 of the archive, hex; set when completed. */
    checksum: varchar('checksum', { length: 64 }),
    /** Size of the archive in bytes. */
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    /** Sum of the archived files' sizes. */
    contentBytes: bigint('content_bytes', { mode: 'number' }).notNull().default(0),
    fileCount: integer('file_count').notNull().default(0),
    error: text('error'),
    runner: varchar('runner', { length: 255 }).notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the one-time download token, while a link is open. */
    downloadTokenHash: varchar('download_token_hash', { length: 64 }),
    downloadExpiresAt: timestamp('download_expires_at', { withTimezone: true }),
    /** Who asked for the open link: it works only while they may still download backups. */
    downloadUserId: integer('download_user_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('backups_server_idx').on(t.serverId, t.startedAt), index('backups_download_idx').on(t.downloadTokenHash)],
);

export type BackupRow = typeof backups.$inferSelect;

/** Per-server backup settings: with `rotate` on, a new backup over the plan's limit replaces the oldest unlocked one. */
export const backupSettings = pgTable('backup_settings', {
  serverId: integer('server_id')
    .primaryKey()
    .references(() => servers.id, { onDelete: 'cascade' }),
  rotate: boolean('rotate').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
