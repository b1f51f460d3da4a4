import type { FastifyInstance } from 'fastify';
import { listServersRoute } from './list';
import { getServerRoute } from './get';
import { powerServerRoute } from './power';
import { reinstallServerRoute } from './reinstall';
import { sendCommandRoute } from './command';
import { serverResourcesRoute } from './resources';
import { websocketTicketRoute } from './websocket';
import { serverSocketRoute } from './socket';
import { permissionsRoute } from './permissions';
import { ServerResourcesSchema, ServerSchema } from '../../schemas/servers';

/** Shared schema components `Server` and `ServerResources` (registered once at the root). */
export function addServerSchemas(app: FastifyInstance): void {
  app.addSchema(ServerSchema);
  app.addSchema(ServerResourcesSchema);
}

/** The servers area under /api/v2/servers (tag `servers`). */
export async function serverRoutes(app: FastifyInstance): Promise<void> {
  await app.register(listServersRoute);
  await app.register(getServerRoute);
  await app.register(powerServerRoute);
  await app.register(reinstallServerRoute);
  await app.register(sendCommandRoute);
  await app.register(serverResourcesRoute);
  await app.register(websocketTicketRoute);
  await app.register(serverSocketRoute, {});
}

/** GET /api/v2/permissions (registered with the /api/v2 prefix). */
export { permissionsRoute };
