import type { FastifyInstance } from 'fastify';
import { SetupPreviewSchema, SetupSchema } from '../../schemas/setups';
import { listSetupsRoute } from './list';
import { previewSetupRoute } from './preview';
import { applySetupRoute } from './apply';

/** Shared schema components of the setups area. */
export function addSetupSchemas(app: FastifyInstance): void {
  app.addSchema(SetupSchema);
  app.addSchema(SetupPreviewSchema);
}

/** The setups area under /api/v2/servers/{id}/setups (tag `setups`). */
export async function setupRoutes(app: FastifyInstance): Promise<void> {
  await app.register(listSetupsRoute);
  await app.register(previewSetupRoute);
  await app.register(applySetupRoute);
}
