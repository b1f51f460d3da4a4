import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FileParamsSchema, InstallResultSchema } from '../../schemas/extensions';
import { actorOf, BadGateway } from './responses';

/** POST /servers/{id}/extensions/installed/{file}/update: replaces an installed file with its newest fitting version. */
export async function updateExtensionRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/:id/extensions/installed/:file/update',
    {
      schema: {
        operationId: 'updateServerExtension',
        tags: ['extensions'],
        summary: 'Update an installed plugin or mod to the newest version that fits the server',
        description:
          'Verified like an install; the old file is replaced only once the new one is verified (a disabled one stays disabled). Unrecognised file or already newest → 422. Needs extensions.manage; audited (server.extensions.update).',
        security: [{ bearer: [] }],
        params: FileParamsSchema,
        response: { 200: Type.Object({ data: InstallResultSchema }), ...errorResponses(401, 403, 404, 409, 419, 422, 429), 502: BadGateway },
      },
      config: { serverPermission: 'extensions.manage' },
    },
    async (request) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `extensions.install:${request.user!.id}:${server.uuid}`, limit: 20, windowMs: 60_000 });
      return { data: await app.extensions.update(server, request.params.file, actorOf(request)) };
    },
  );
}
