import type { FastifyInstance } from 'fastify';
import { adminActorOf, adminAuthenticate, adminTargetOf, isAdminCaller } from './admin-auth';
import { adminUserRoutes } from './users';
import { adminServerRoutes } from './servers';
import { adminServerActionRoutes } from './server-actions';
import { adminCatalogRoutes } from './catalog';
import { adminLoginTokenRoutes } from './login-tokens';
import { adminDatabaseHostRoutes } from './database-hosts';
import { adminNodeRoutes } from './nodes';
import { adminTemplateRoutes } from './templates';
import { adminTransferRoutes } from './transfers';
import { adminAuditRoutes } from './audit';
import { adminOverviewRoutes } from './overview';
import { adminUserAccountRoutes } from './user-accounts';
import { adminOAuthProviderRoutes } from './oauth-providers';
import { adminDnsZoneRoutes } from './dns-zones';
import { adminSettingsRoutes } from './settings';
import { describedFields, recordAdminAction } from '../../services/admin/adminAudit';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The admin API under /api/v2/admin (tag `admin`): for billing systems such as WHMCS (an admin key)
 * and for the web admin area (a root admin's session with two-factor). The panel's own CLI offers
 * the same operations. Every state-changing call, whatever its outcome, lands in the admin audit
 * log from one place, so a route added later cannot forget it.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.decorateRequest('adminKey', null);
  app.decorateRequest('adminSession', false);
  app.decorateRequest('adminAuditEvent', null);
  app.addHook('onRequest', adminAuthenticate(app));
  // Written before the reply leaves (onSend, not onResponse): whoever reads the log right after an
  // admin call, the caller included, finds that call in it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!STATE_CHANGING.has(request.method) || !isAdminCaller(request)) return payload;
    await recordAdminAction(app.db, adminActorOf(request), {
      event: request.adminAuditEvent ?? request.routeOptions.schema?.operationId ?? `${request.method} ${request.routeOptions.url ?? ''}`,
      method: request.method,
      path: request.url.split('?')[0],
      ...adminTargetOf(request),
      status: reply.statusCode,
      properties: describedFields(request.body),
    }).catch((error: unknown) => request.log.error({ err: error }, 'could not record an admin action'));
    return payload;
  });
  await app.register(adminUserRoutes);
  await app.register(adminUserAccountRoutes);
  await app.register(adminServerRoutes);
  await app.register(adminServerActionRoutes);
  await app.register(adminCatalogRoutes);
  await app.register(adminLoginTokenRoutes);
  await app.register(adminDatabaseHostRoutes);
  await app.register(adminNodeRoutes);
  await app.register(adminTemplateRoutes);
  await app.register(adminTransferRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminOverviewRoutes);
  await app.register(adminOAuthProviderRoutes);
  await app.register(adminDnsZoneRoutes);
  await app.register(adminSettingsRoutes);
}
