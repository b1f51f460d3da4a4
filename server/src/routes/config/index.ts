import type { FastifyInstance } from 'fastify';
import { getServerConfigFileRoute } from './get-server-config-file';
import { listServerConfigFilesRoute } from './list-server-config-files';
import { ConfigFieldSchema } from '../../schemas/config';
import { updateServerConfigFileRoute } from './update-server-config-file';

/** Shared schema component `ConfigField` (registered once at the root). */
export function addConfigSchemas(app: FastifyInstance): void {
  app.addSchema(ConfigFieldSchema);
}

/** The config area under /api/v2/servers/{id}/config (tag `config`). */
export async function configRoutes(app: FastifyInstance): Promise<void> {
  await app.register(listServerConfigFilesRoute);
  await app.register(getServerConfigFileRoute);
  await app.register(updateServerConfigFileRoute);
}
