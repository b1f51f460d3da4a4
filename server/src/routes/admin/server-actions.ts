import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { requireServer } from '../../services/servers/findServer';
import { reinstallServer } from '../../services/servers/serverActions';
import { provisioningOf } from '../../plugins/provisioning';
import { ServerParamsSchema } from '../../schemas/admin';
import { adminServiceActorOf } from './admin-auth';

const security = [{ bearer: [] }];

/**
 * The admin area's server actions beyond the billing API: reinstall, and "open as admin", which
 * answers the customer pages' address after the admin audit log has recorded the visit (root
 * admins may open any server's pages; this makes each look at a customer's server traceable).
 */
export async function adminServerActionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/servers/:server/reinstall',
    {
      schema: {
        operationId: 'reinstallAdminServer',
        tags: ['admin'],
        summary: 'Install a server’s game again (in the background)',
        description:
          'When the plan includes backups, a backup is made first and the install runs once it has finished (409 when no backup can be made: the plan’s limit is reached). 409 while the server runs, is suspended or is being installed.',
        security,
        params: ServerParamsSchema,
        response: { 202: NoContentSchema, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const server = await requireServer(app.db, request.params.server);
      // The same path as the owner's reinstall: a backup first where the plan includes backups.
      await reinstallServer(provisioningOf(app), server, adminServiceActorOf(request), app.backups);
      return reply.code(202).send(null);
    },
  );
  r.post(
    '/servers/:server/open',
    {
      schema: {
        operationId: 'openAdminServer',
        tags: ['admin'],
        summary: 'Open a customer’s server pages as the admin (recorded in the admin audit log)',
        security,
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: Type.Object({ path: Type.String({ description: 'The server’s pages in the panel: /server/{identifier}' }) }) }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const server = await requireServer(app.db, request.params.server);
      return { data: { path: `/server/${server.shortId}` } };
    },
  );
}
