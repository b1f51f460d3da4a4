import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { InstallBodySchema, InstallResultSchema } from '../../schemas/extensions';
import { ServerParamsSchema } from '../../schemas/servers';
import { actorOf, BadGateway } from './responses';

/** POST /servers/{id}/extensions/install: downloads, verifies and places a plugin or mod (and its dependencies). */
export async function installExtensionRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/:id/extensions/install',
    {
      schema: {
        operationId: 'installServerExtension',
        tags: ['extensions'],
        summary: 'Install a plugin or mod (and, with dependencies: true, its required dependencies) into plugins/ or mods/',
        description:
          'Every file is downloaded from the catalogue’s own hosts, capped in size and verified against its checksum before any lands; a refused file (checksum mismatch, too large, outside host) → 422 and nothing of the install remains. Outside downloads → 422. Another change running → 409. Needs extensions.manage; audited (server.extensions.install).',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: InstallBodySchema,
        response: { 200: Type.Object({ data: InstallResultSchema }), ...errorResponses(401, 403, 404, 409, 419, 422, 429), 502: BadGateway },
      },
      config: { serverPermission: 'extensions.manage' },
    },
    async (request) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `extensions.install:${request.user!.id}:${server.uuid}`, limit: 20, windowMs: 60_000 });
      return { data: await app.extensions.install(server, request.body, actorOf(request)) };
    },
  );
}
