import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerParamsSchema } from '../../schemas/servers';
import { declaredConfigFiles, templateOfServer } from '../../services/config/declaredConfigFiles';
import { ConfigFileSummarySchema } from '../../schemas/config';

/** GET /servers/{id}/config: the config files the server's template declares. */
export async function listServerConfigFilesRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/config',
    {
      schema: {
        operationId: 'listServerConfigFiles',
        tags: ['config'],
        summary: 'The config files of the server’s game',
        description: 'Declared by the server’s template (server.properties for Minecraft). Needs config.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: {
          200: Type.Object({ data: Type.Array(ConfigFileSummarySchema) }),
          ...errorResponses(401, 403, 404),
        },
      },
      config: { serverPermission: 'config.read' },
    },
    async (request) => {
      const server = request.serverAccess!.server;
      const template = await templateOfServer(app.db, server);
      const files = template ? declaredConfigFiles(template) : [];
      const root = app.runtime.files(server.uuid);
      const data = await Promise.all(
        files.map(async (file) => ({
          path: file.path,
          format: file.format,
          title: file.title,
          exists: await root.stat(file.path).then(
            (found) => found !== null,
            () => false,
          ),
        })),
      );
      return { data };
    },
  );
}
