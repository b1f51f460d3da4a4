import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { games, nodes, serverTemplates } from '../../db/schema';
import type { OrderOptionsJson } from '../../schemas/orders';
import { planCatalogue } from '../plans/planCatalog';
import { countedOrders } from './orderRecords';
import type { OrderContext } from './OrderContext';

/** The distinct non-empty locations of the nodes, by name. */
export async function nodeLocations(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ location: nodes.location }).from(nodes).orderBy(asc(nodes.location));
  return rows.map((row) => row.location).filter((location) => location !== '');
}

/**
 * What a customer may order: each game that has both templates and plans (with prices), the nodes'
 * locations when there are several, whether ordering is open and how many orders they have left.
 */
export async function orderOptions(context: OrderContext, userId: number): Promise<OrderOptionsJson> {
  const { db } = context.provisioning;
  const settings = await context.settings.current();
  const [catalogue, templates, locations, placed] = await Promise.all([
    planCatalogue(db),
    db
      .select({ slug: serverTemplates.slug, name: serverTemplates.name, description: serverTemplates.description, game: games.slug })
      .from(serverTemplates)
      .innerJoin(games, eq(games.id, serverTemplates.gameId))
      .orderBy(asc(serverTemplates.name)),
    nodeLocations(db),
    countedOrders(db, userId),
  ]);
  return {
    games: catalogue
      .map(({ game, plans }) => ({
        ...game,
        templates: templates.filter((template) => template.game === game.slug).map(({ slug, name, description }) => ({ slug, name, description })),
        plans,
      }))
      .filter((game) => game.templates.length > 0 && game.plans.length > 0),
    locations: locations.length > 1 ? locations : [],
    ordering_enabled: settings.orderingEnabled,
    order_limit: settings.orderLimitPerUser,
    orders_left: Math.max(0, settings.orderLimitPerUser - placed),
    provider: settings.billingProvider,
  };
}
