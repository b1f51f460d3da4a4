import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import type { ModpacksOverviewJson } from '../../schemas/modpacks';
import { ServerParamsSchema } from '../../schemas/servers';

/** GET /servers/{id}/modpacks: the installed modpack, an update on offer, and the install job. */
export async function getModpacksOverviewRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/modpacks',
    {
      schema: {
        operationId: 'getServerModpacks',
        tags: ['modpacks'],
        summary: 'The installed modpack and its version, an update on offer, and the install job',
        description: 'Needs modpacks.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: Type.Unsafe<ModpacksOverviewJson>(Type.Ref('ModpacksOverview')) }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'modpacks.read' },
    },
    async (request) => ({ data: await app.modpacks.overview(request.serverAccess!.server) }),
  );
}
