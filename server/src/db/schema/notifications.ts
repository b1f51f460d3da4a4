import { index, integer, jsonb, pgTable, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { servers } from './servers';
import { users } from './users';

/**
 * One panel event as one user is told about it in the panel's notification list: made for the
 * server's owner and the people it is shared with who hold `notification.read`, as their
 * settings choose (services/notifications). Kept 30 days, then pruned.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    /** The event's name (schemas/panelEvents.ts). */
    event: varchar('event', { length: 64 }).notNull(),
    /** The bus event's id: one event makes at most one notification per user. */
    eventId: uuid('event_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('notifications_user_event_unique').on(t.userId, t.eventId), index('notifications_user_idx').on(t.userId, t.id), index('notifications_created_idx').on(t.createdAt)],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** What one user chose for one event on one server: shown in the panel, sent by mail. */
export interface NotificationChoice {
  panel: boolean;
  mail: boolean;
}

/**
 * A user's notification choices for one server, by event name; events not listed keep their
 * defaults (services/notifications/notificationDefaults.ts), so new events get sensible ones.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    choices: jsonb('choices').$type<Record<string, NotificationChoice>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('notification_settings_user_server_unique').on(t.userId, t.serverId), index('notification_settings_server_idx').on(t.serverId)],
);
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

/**
 * When each user was last mailed about one event of one server: at most one mail per window
 * (services/notifications/MailThrottle.ts). Kept in the database, so that a restart and several
 * panel processes keep the window (Redis keeps it instead when PANEL_REDIS_URL is set).
 */
export const notificationMailsSent = pgTable(
  'notification_mails_sent',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 64 }).notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('notification_mails_sent_unique').on(t.userId, t.serverId, t.event)],
);
