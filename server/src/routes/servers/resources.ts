import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerParamsSchema, ServerResourcesRef } from '../../schemas/servers';
import { toResourcesJson } from '../../services/servers/serverView';

/** GET /servers/{id}/resources: current CPU, memory, disk, uptime and players with the plan's limits. */
export async function serverResourcesRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/resources',
    {
      schema: {
        operationId: 'getServerResources',
        tags: ['servers'],
        summary: 'Current resource use and limits',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: ServerResourcesRef }), ...errorResponses(401, 404) },
      },
      config: { serverPermission: null },
    },
    async (request) => ({ data: toResourcesJson(await app.runtime.resources(request.serverAccess!.server)) }),
  );
}
