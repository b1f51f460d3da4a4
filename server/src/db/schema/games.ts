import { index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Games the panel hosts (Minecraft, Rust, ...). The slug picks the client's theme. */
export const games = pgTable('games', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: varchar('slug', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Server templates (like Pterodactyl's eggs). The code under server/src/games/templates/index.ts is the
 * source of truth; these rows mirror it (synced at start-up) so servers and plans can refer to them.
 * `definition` keeps the synced snapshot for inspection; behaviour always comes from the code.
 */
export const serverTemplates = pgTable(
  'server_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: varchar('slug', { length: 48 }).notNull().unique(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 96 }).notNull(),
    description: text('description').notNull().default(''),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Where an imported template came from (null: built into the panel's code). Its `definition`
     * is then the template itself, and `egg` keeps the egg as read (unused parts included).
     */
    source: jsonb('source').$type<TemplateSource>(),
    /** What identifies the egg across re-imports: its uuid, else its address, else author and name. */
    sourceKey: varchar('source_key', { length: 512 }).unique(),
    egg: jsonb('egg').$type<Record<string, unknown>>(),
    /** Images the host runs instead of the ones a template names (no registry reachable from its nodes). */
    imageMap: jsonb('image_map').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('server_templates_game_idx').on(t.gameId)],
);

/** Where an imported template came from. */
export interface TemplateSource {
  kind: 'egg';
  format: string;
  /** The address it was fetched from (null: uploaded). */
  url: string | null;
  author: string;
  importedAt: string;
}

export type GameRow = typeof games.$inferSelect;
export type ServerTemplateRow = typeof serverTemplates.$inferSelect;
