import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';
import { serverTemplates } from './games';
import { plans } from './plans';
import { allocations, nodes } from './nodes';

/**
 * Game servers. `state` is the last power state the runtime reported (offline, starting, running,
 * stopping); `desiredState` is what the customer asked for, so after a panel restart the servers
 * that should run are started again (or adopted when still alive).
 */
export const servers = pgTable(
  'servers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique(),
    /** First 8 characters of the uuid; used in URLs (/server/{shortId}). */
    shortId: varchar('short_id', { length: 8 }).notNull().unique(),
    name: varchar('name', { length: 191 }).notNull(),
    description: text('description').notNull().default(''),
    /** The billing system's id for this service (WHMCS), unique when set. */
    externalId: varchar('external_id', { length: 191 }).unique(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => serverTemplates.id, { onDelete: 'restrict' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'restrict' }),
    allocationId: integer('allocation_id').references(() => allocations.id, { onDelete: 'set null' }),
    /** Template variable values chosen for this server (MAX_PLAYERS, LEVEL_SEED ...). */
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    /** The runtime image the customer chose from the template's list (null: the template's default). */
    image: varchar('image', { length: 255 }),
    /** The named startup command the server runs (an egg's `startup_commands`; null: the first). */
    startupCommand: varchar('startup_command', { length: 64 }),
    state: varchar('state', { length: 16 }).notNull().default('offline'),
    desiredState: varchar('desired_state', { length: 16 }).notNull().default('stopped'),
    suspended: boolean('suspended').notNull().default(false),
    /** Why the host suspended the server, shown to the customer on the server's pages. */
    suspensionReason: text('suspension_reason'),
    /** 'installing' | 'installed' | 'install_failed'. */
    installStatus: varchar('install_status', { length: 16 }).notNull().default('installing'),
    /** The real error of the last failed install, shown to the customer. */
    installError: text('install_error'),
    /** Start again after a crash (with back-off and a cap). */
    crashRestart: boolean('crash_restart').notNull().default(true),
    /** Restarts allowed within `crashWindowMinutes` before the server is left stopped. */
    crashMaxRestarts: integer('crash_max_restarts').notNull().default(3),
    crashWindowMinutes: integer('crash_window_minutes').notNull().default(10),
    /** Stop the server once nobody has played for this many minutes (null: never). */
    autoStopMinutes: integer('auto_stop_minutes'),
    /** While stopped, answer on the game's port and start when a player joins. */
    wakeOnJoin: boolean('wake_on_join').notNull().default(false),
    installedAt: timestamp('installed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('servers_owner_idx').on(t.ownerId), index('servers_node_idx').on(t.nodeId)],
);

export type ServerRow = typeof servers.$inferSelect;
