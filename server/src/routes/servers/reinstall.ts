import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { forbidden } from '../../lib/errors';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { reinstallServer } from '../../services/servers/serverActions';
import { provisioningOf } from '../../plugins/provisioning';
import { findServerByIdentifier } from '../../services/permissions/serverAccess';
import { ServerParamsSchema } from '../../schemas/servers';

/**
 * POST /servers/{id}/reinstall: runs the game's install again (after a failed install, or to
 * repair the game files), after a backup where the plan includes backups. Only the owner (or a root admin); 409 while the server runs, is
 * suspended or is being installed.
 */
export async function reinstallServerRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/:id/reinstall',
    {
      schema: {
        operationId: 'reinstallServer',
        tags: ['servers'],
        summary: "Install the server's game again",
        description:
          'Runs the install steps of the game again in the background (follow install_status). When the plan includes backups, a backup is made first and the install runs once it has finished (409 when no backup can be made: the plan’s limit is reached). Only the owner of the server may do it. 409 while the server is running, suspended or already being installed.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 202: NoContentSchema, ...errorResponses(401, 403, 404, 409, 419) },
      },
      config: { serverPermission: null },
    },
    async (request, reply) => {
      const access = request.serverAccess!;
      if (!access.isOwner && !request.user!.rootAdmin) {
        await app.refusedActions
          .record({ actorId: request.user!.id, serverUuid: access.server.uuid, ip: request.ip, permission: 'owner', action: 'POST /api/v2/servers/:id/reinstall' })
          .catch((error: unknown) => request.log.warn({ err: error }, 'could not record a refused action'));
        throw forbidden('Only the owner of the server can reinstall it.');
      }
      const server = (await findServerByIdentifier(app.db, access.server.uuid))!;
      await reinstallServer(provisioningOf(app), server, { userId: request.user!.id, ip: request.ip }, app.backups);
      return reply.code(202).send(null);
    },
  );
}
