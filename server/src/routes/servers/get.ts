import { serverApiState } from '../../services/nodes/serverApiState';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { notFound } from '../../lib/errors';
import { accessAllows, accessKeys } from '../../services/permissions/serverAccess';
import { ServerParamsSchema, ServerRef } from '../../schemas/servers';
import { serverViewById, toServerJson } from '../../services/servers/serverView';

/** GET /servers/{id}: one server (404 when the caller cannot see it). */
export async function getServerRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id',
    {
      schema: {
        operationId: 'getServer',
        tags: ['servers'],
        summary: 'One server with its plan, port, state, the caller’s permissions and SFTP details',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: ServerRef }), ...errorResponses(401, 404) },
      },
      config: { serverPermission: null },
    },
    async (request) => {
      const access = request.serverAccess!;
      const view = await serverViewById(app.db, access.server.id);
      if (!view) throw notFound('Server');
      const server = toServerJson(view, serverApiState(app.runtime, view.server, app.transfers), request.user!.id, accessKeys(access), app.sleep.isSleeping(view.server.uuid));
      const sftp = accessAllows(access, 'file.sftp') ? app.sftp.details(request.user!.username, view.server.shortId, request.hostname) : null;
      return { data: sftp ? { ...server, sftp } : server };
    },
  );
}
