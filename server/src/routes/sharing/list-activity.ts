import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { listActivity } from '../../services/sharing/activity';
import { ActivityEntryRef, ActivityQuerySchema } from '../../schemas/sharing';
import { ServerParamsSchema } from '../../schemas/servers';

/** GET /servers/{id}/activity: the server's audit log, newest first, filtered and paginated. */
export async function listActivityRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/activity',
    {
      schema: {
        operationId: 'listServerActivity',
        tags: ['sharing'],
        summary: 'The audit log of this server',
        description: 'Newest first. actor: a user uuid; event: an event prefix (server.power matches server.power.start); from/to: ISO times, inclusive.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: ActivityQuerySchema,
        response: {
          200: Type.Object({
            data: Type.Array(ActivityEntryRef),
            meta: Type.Object({ page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer() }),
          }),
          ...errorResponses(401, 403, 404, 422),
        },
      },
      config: { serverPermission: 'activity.read' },
    },
    async (request) => {
      const { page, per_page: perPage, ...filters } = request.query;
      const { data, total } = await listActivity(app.db, request.serverAccess!.server.uuid, filters, page, perPage);
      return { data, meta: { page, per_page: perPage, total } };
    },
  );
}
