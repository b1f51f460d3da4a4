import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** SSH public keys an account signs in to SFTP with (the public half only; never a private key). */
export const sshKeys = pgTable(
  'ssh_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 191 }).notNull(),
    /** ssh-ed25519, ecdsa-sha2-nistp256/384/521 or ssh-rsa. */
    algorithm: varchar('algorithm', { length: 32 }).notNull(),
    /** The key in OpenSSH's one-line form, without its comment. */
    publicKey: text('public_key').notNull(),
    /** SHA256:… as `ssh-keygen -l` prints it. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('ssh_keys_user_idx').on(t.userId), uniqueIndex('ssh_keys_user_fingerprint_idx').on(t.userId, t.fingerprint)],
);

/** An account's SFTP choices; no row means the defaults (passwords allowed). */
export const sftpSettings = pgTable('sftp_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Only SSH keys sign in to SFTP: the password is refused there. */
  keyOnly: boolean('key_only').notNull().default(false),
});

export type SshKeyRow = typeof sshKeys.$inferSelect;
