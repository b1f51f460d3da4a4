import type { FastifyInstance } from 'fastify';
import { ModpackSearchSchema, ModpacksOverviewSchema, ModpackVersionsSchema } from '../../schemas/modpacks';
import { getModpacksOverviewRoute } from './overview';
import { searchModpacksRoute } from './search';
import { listModpackVersionsRoute } from './versions';
import { installModpackRoute } from './install';

/** Shared schema components of the modpacks area (registered once at the root). */
export function addModpackSchemas(app: FastifyInstance): void {
  app.addSchema(ModpacksOverviewSchema);
  app.addSchema(ModpackSearchSchema);
  app.addSchema(ModpackVersionsSchema);
}

/** The modpacks area under /api/v2/servers/{id}/modpacks (tag `modpacks`). */
export async function modpackRoutes(app: FastifyInstance): Promise<void> {
  await app.register(getModpacksOverviewRoute);
  await app.register(searchModpacksRoute);
  await app.register(listModpackVersionsRoute);
  await app.register(installModpackRoute);
}
