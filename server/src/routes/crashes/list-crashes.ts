import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { listCrashes } from '../../services/crashes/crashRecords';
import { CrashListQuerySchema, ServerCrashRef } from '../../schemas/crashes';
import { ServerParamsSchema } from '../../schemas/servers';

/** GET /servers/{id}/crashes: the server's crashes, newest first, with their last console lines. */
export async function listCrashesRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/crashes',
    {
      schema: {
        operationId: 'listServerCrashes',
        tags: ['crashes'],
        summary: 'The crashes of this server',
        description:
          'Newest first, paginated; each with its exit code or signal, whether it ran out of memory, what the panel did (restarting, gave up ...) and the last 100 console lines. The newest 100 crashes are kept. Needs crash.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: CrashListQuerySchema,
        response: {
          200: Type.Object({
            data: Type.Array(ServerCrashRef),
            meta: Type.Object({ page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer() }),
          }),
          ...errorResponses(401, 403, 404, 422),
        },
      },
      config: { serverPermission: 'crash.read' },
    },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const { data, total } = await listCrashes(app.db, request.serverAccess!.server.id, page, perPage);
      return { data, meta: { page, per_page: perPage, total } };
    },
  );
}
