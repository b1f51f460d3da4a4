import { boolean, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** Panel accounts. Field names follow the client's user entity (SPEC section 3). */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  username: varchar('username', { length: 32 }).notNull().unique(),
  email: varchar('email', { length: 254 }).notNull().unique(),
  nameFirst: varchar('name_first', { length: 191 }),
  nameLast: varchar('name_last', { length: 191 }),
  passwordHash: text('password_hash').notNull(),
  language: varchar('language', { length: 8 }).notNull().default('en'),
  rootAdmin: boolean('root_admin').notNull().default(false),
  useTotp: boolean('use_totp').notNull().default(false),
  /** Base32 TOTP secret; set at enrolment, active only once use_totp is true. */
  totpSecret: text('totp_secret'),
  /** Last accepted TOTP time step, so a code is never accepted twice. */
  totpLastStep: integer('totp_last_step'),
  whmcsUserToken: text('whmcs_user_token'),
  discordId: varchar('discord_id', { length: 64 }),
  discordAvatar: text('discord_avatar'),
  discordUsername: varchar('discord_username', { length: 64 }),
  restartConfirmation: boolean('restart_confirmation').notNull().default(true),
  timeFormat: integer('time_format').notNull().default(24),
  role: integer('role').notNull().default(4),
  paid: boolean('paid').notNull().default(true),
  suspended: boolean('suspended').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes for two-factor login, stored hashed. */
export const recoveryCodes = pgTable('recovery_codes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One account as stored. */
export type UserRow = typeof users.$inferSelect;
