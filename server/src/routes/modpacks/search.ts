import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ModpackSearchQuerySchema, type ModpackSearchJson } from '../../schemas/modpacks';
import { ServerParamsSchema } from '../../schemas/servers';
import { BadGateway } from './responses';

/** GET /servers/{id}/modpacks/search: browses the modpack catalogues. */
export async function searchModpacksRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/modpacks/search',
    {
      schema: {
        operationId: 'searchServerModpacks',
        tags: ['modpacks'],
        summary: 'Browse modpacks (Modrinth; CurseForge and FTB are listed with why they cannot be browsed)',
        description: 'Catalogue unreachable and nothing cached → 502 with the reason. Needs modpacks.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: ModpackSearchQuerySchema,
        response: { 200: Type.Object({ data: Type.Unsafe<ModpackSearchJson>(Type.Ref('ModpackSearch')) }), ...errorResponses(401, 403, 404, 422, 429), 502: BadGateway },
      },
      config: { serverPermission: 'modpacks.read' },
    },
    async (request) => {
      await app.rateLimit({ key: `modpacks.search:${request.user!.id}`, limit: 120, windowMs: 60_000 });
      return { data: await app.modpacks.search(request.query) };
    },
  );
}
