import type { FastifyInstance } from 'fastify';
import { adminAuthenticate } from './admin-auth';
import { adminUserRoutes } from './users';
import { adminServerRoutes } from './servers';
import { adminCatalogRoutes } from './catalog';
import { adminLoginTokenRoutes } from './login-tokens';
import { adminDatabaseHostRoutes } from './database-hosts';
import { adminNodeRoutes } from './nodes';
import { adminTemplateRoutes } from './templates';
import { adminTransferRoutes } from './transfers';

/**
 * The admin API under /api/v2/admin (tag `admin`) for billing systems such as WHMCS. Every route
 * needs `Authorization: Bearer <admin key>`; the panel's own CLI offers the same operations.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.decorateRequest('adminKey', null);
  app.addHook('onRequest', adminAuthenticate(app));
  await app.register(adminUserRoutes);
  await app.register(adminServerRoutes);
  await app.register(adminCatalogRoutes);
  await app.register(adminLoginTokenRoutes);
  await app.register(adminDatabaseHostRoutes);
  await app.register(adminNodeRoutes);
  await app.register(adminTemplateRoutes);
  await app.register(adminTransferRoutes);
}
