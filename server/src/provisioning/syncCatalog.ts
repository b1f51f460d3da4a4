import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { games, nodes, plans, serverTemplates, type NodeRow } from '../db/schema';
import type { PanelConfig } from '../config/loadConfig';
import { allTemplates, gameNames, type GameSlug } from '../runtime/templates';
import { defaultPlans } from '../runtime/templates/defaultPlans';

export const LOCAL_NODE_NAME = 'local';

/**
 * Brings the database's catalog in line with the code: games and templates are upserted (the code
 * is their source of truth), default plans are created when missing (admins may edit them later),
 * and the local node gets the configured port range and address.
 */
export async function syncCatalog(db: Database, config: Pick<PanelConfig, 'portRange' | 'gamePublicHost'>): Promise<NodeRow> {
  const gameIds = new Map<GameSlug, number>();
  for (const [slug, name] of Object.entries(gameNames) as [GameSlug, string][]) {
    const [row] = await db
      .insert(games)
      .values({ slug, name })
      .onConflictDoUpdate({ target: games.slug, set: { name } })
      .returning({ id: games.id });
    gameIds.set(slug, row.id);
  }
  for (const template of allTemplates()) {
    const definition = JSON.parse(JSON.stringify(template)) as Record<string, unknown>;
    const values = { gameId: gameIds.get(template.game)!, name: template.name, description: template.description, definition };
    await db
      .insert(serverTemplates)
      .values({ slug: template.slug, ...values })
      .onConflictDoUpdate({ target: serverTemplates.slug, set: { ...values, updatedAt: sql`now()` } });
  }
  for (const plan of defaultPlans) {
    const { game, ...rest } = plan;
    await db
      .insert(plans)
      .values({ ...rest, gameId: gameIds.get(game)! })
      .onConflictDoNothing();
  }
  const node = { driver: 'local', publicHost: config.gamePublicHost, portRangeStart: config.portRange.start, portRangeEnd: config.portRange.end };
  const [row] = await db
    .insert(nodes)
    .values({ name: LOCAL_NODE_NAME, ...node })
    .onConflictDoUpdate({ target: nodes.name, set: { ...node, updatedAt: sql`now()` } })
    .returning();
  return row;
}

/** The local node (after syncCatalog). */
export async function localNode(db: Database): Promise<NodeRow> {
  const [row] = await db.select().from(nodes).where(eq(nodes.name, LOCAL_NODE_NAME));
  if (!row) throw new Error('The local node is missing; the catalog was not synced.');
  return row;
}
