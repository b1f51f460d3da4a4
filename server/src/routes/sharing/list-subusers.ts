import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerParamsSchema } from '../../schemas/servers';
import { listSubusers, toSubuserJson } from '../../services/sharing/subusers';
import { SubuserRef } from '../../schemas/sharing';

/** GET /servers/{id}/users: the people the server is shared with and pending invitations. */
export async function listSubusersRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/users',
    {
      schema: {
        operationId: 'listServerSubusers',
        tags: ['sharing'],
        summary: 'The people this server is shared with (and pending invitations)',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: Type.Array(SubuserRef) }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'user.read' },
    },
    async (request) => ({ data: (await listSubusers(app.db, request.serverAccess!.server.id)).map(toSubuserJson) }),
  );
}
