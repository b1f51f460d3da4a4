import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { games, serverTemplates } from '../../db/schema';

/** Every server template with its game, in the order they were added. */
export async function listTemplates(db: Database) {
  return db
    .select({ slug: serverTemplates.slug, game: games.slug, name: serverTemplates.name, description: serverTemplates.description })
    .from(serverTemplates)
    .innerJoin(games, eq(games.id, serverTemplates.gameId))
    .orderBy(serverTemplates.id);
}
