import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { games, nodes, plans, serverTemplates, type NodeRow } from '../../db/schema';
import type { PanelConfig } from '../../config/PanelConfig';
import { allTemplates, gameNames, type GameSlug } from '../../games/templates';
import { defaultPlans } from '../../games/defaultPlans';

export const LOCAL_NODE_NAME = 'local';

/**
 * Brings the database's catalog in line with the code: games and templates are upserted (the code
 * is their source of truth), default plans are created when missing (admins may edit them later),
 * and the local node gets the configured port range and address.
 */
export async function syncCatalog(db: Database, config: Pick<PanelConfig, 'portRange' | 'gamePublicHost'>): Promise<NodeRow> {
  // A few multi-row statements: this runs at every start (and in every test app).
  const gameRows = await db
    .insert(games)
    .values(Object.entries(gameNames).map(([slug, name]) => ({ slug, name })))
    .onConflictDoUpdate({ target: games.slug, set: { name: sql`excluded.name` } })
    .returning({ id: games.id, slug: games.slug });
  const gameIds = new Map(gameRows.map((g) => [g.slug as GameSlug, g.id]));
  await db
    .insert(serverTemplates)
    .values(
      allTemplates().map((template) => ({
        slug: template.slug,
        gameId: gameIds.get(template.game)!,
        name: template.name,
        description: template.description,
        definition: JSON.parse(JSON.stringify(template)) as Record<string, unknown>,
      })),
    )
    .onConflictDoUpdate({
      target: serverTemplates.slug,
      set: { gameId: sql`excluded.game_id`, name: sql`excluded.name`, description: sql`excluded.description`, definition: sql`excluded.definition`, updatedAt: sql`now()` },
    });
  await db
    .insert(plans)
    .values(defaultPlans.map(({ game, ...plan }) => ({ ...plan, gameId: gameIds.get(game)! })))
    .onConflictDoNothing();
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
