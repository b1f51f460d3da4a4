import type { FastifyInstance } from 'fastify';
import { ExtensionProjectSchema, ExtensionSearchSchema, ExtensionsOverviewSchema, InstallPlanSchema } from '../../schemas/extensions';
import { getExtensionsOverviewRoute } from './overview';
import { searchExtensionsRoute } from './search';
import { getExtensionProjectRoute } from './project';
import { planExtensionInstallRoute } from './plan';
import { installExtensionRoute } from './install';
import { updateExtensionRoute } from './update';
import { toggleExtensionRoute } from './toggle';
import { removeExtensionRoute } from './remove';

/** Shared schema components of the extensions area (registered once at the root). */
export function addExtensionSchemas(app: FastifyInstance): void {
  app.addSchema(ExtensionsOverviewSchema);
  app.addSchema(ExtensionSearchSchema);
  app.addSchema(ExtensionProjectSchema);
  app.addSchema(InstallPlanSchema);
}

/** The extensions area under /api/v2/servers/{id}/extensions (tag `extensions`): plugins and mods. */
export async function extensionRoutes(app: FastifyInstance): Promise<void> {
  await app.register(getExtensionsOverviewRoute);
  await app.register(searchExtensionsRoute);
  await app.register(getExtensionProjectRoute);
  await app.register(planExtensionInstallRoute);
  await app.register(installExtensionRoute);
  await app.register(updateExtensionRoute);
  await app.register(toggleExtensionRoute);
  await app.register(removeExtensionRoute);
}
