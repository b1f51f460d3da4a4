import type { FastifyInstance } from 'fastify';
import { ServerPortSchema, ServerSubdomainSchema } from '../../schemas/network';
import { allocationRoutes } from './allocations';
import { getNetworkRoute } from './get-network';
import { subdomainRoutes } from './subdomain';

/** Shared schema components `ServerPort` and `ServerSubdomain`. */
export function addNetworkSchemas(app: FastifyInstance): void {
  app.addSchema(ServerPortSchema);
  app.addSchema(ServerSubdomainSchema);
}

/** The network area under /api/v2/servers/{id}/network (tag `network`). */
export async function networkRoutes(app: FastifyInstance): Promise<void> {
  await app.register(getNetworkRoute);
  await app.register(allocationRoutes);
  await app.register(subdomainRoutes);
}
