import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ModpackProjectParamsSchema, type ModpackVersionsJson } from '../../schemas/modpacks';
import { BadGateway } from './responses';

/** GET /servers/{id}/modpacks/projects/{project}/versions: a Modrinth modpack and its versions. */
export async function listModpackVersionsRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/modpacks/projects/:project/versions',
    {
      schema: {
        operationId: 'listServerModpackVersions',
        tags: ['modpacks'],
        summary: 'A Modrinth modpack and its versions, newest first',
        description: 'Unknown project or not a modpack → 422; catalogue unreachable → 502. Needs modpacks.read.',
        security: [{ bearer: [] }],
        params: ModpackProjectParamsSchema,
        response: { 200: Type.Object({ data: Type.Unsafe<ModpackVersionsJson>(Type.Ref('ModpackVersions')) }), ...errorResponses(401, 403, 404, 422), 502: BadGateway },
      },
      config: { serverPermission: 'modpacks.read' },
    },
    async (request) => ({ data: await app.modpacks.versions(request.params.project) }),
  );
}
