import type { FastifyInstance } from 'fastify';
import { getPlayersRoute } from './get-players';
import { playerActionRoutes } from './player-actions';
import { PlayersOverviewSchema } from '../../schemas/players';
import { sleepSettingsRoutes } from './sleep-settings';

/** Shared schema component `PlayersOverview` (registered once at the root). */
export function addPlayerSchemas(app: FastifyInstance): void {
  app.addSchema(PlayersOverviewSchema);
}

/** The players area under /api/v2/servers/{id}/players (tag `players`). */
export async function playerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(getPlayersRoute);
  await app.register(playerActionRoutes);
  await app.register(sleepSettingsRoutes);
}
