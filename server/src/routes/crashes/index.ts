import type { FastifyInstance } from 'fastify';
import { ServerCrashSchema } from '../../schemas/crashes';
import { listCrashesRoute } from './list-crashes';
import { crashPolicyRoutes } from './crash-policy';

/** Shared schema component `ServerCrash` (registered once at the root). */
export function addCrashSchemas(app: FastifyInstance): void {
  app.addSchema(ServerCrashSchema);
}

/** Crashes and the restart policy under /api/v2/servers/{id} (tag `crashes`). */
export async function crashRoutes(app: FastifyInstance): Promise<void> {
  await app.register(listCrashesRoute);
  await app.register(crashPolicyRoutes);
}
