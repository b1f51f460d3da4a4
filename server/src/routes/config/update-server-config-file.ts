import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerParamsSchema } from '../../schemas/servers';
import { ConfigPathQuerySchema, UpdateConfigFileBodySchema } from '../../schemas/config';

/** PUT /servers/{id}/config/file?path=: saves form values or the raw text of a config file. */
export async function updateServerConfigFileRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().put(
    '/:id/config/file',
    {
      schema: {
        operationId: 'updateServerConfigFile',
        tags: ['config'],
        summary: 'Save a config file (form values or raw text)',
        description:
          'values sets keys in place, keeping comments, order and every other key; raw replaces the whole text. Either way each changed value is checked as the game reads it: 422 with errors keyed values.<key> and the file unchanged. Keys the panel owns (the port, the address) cannot be changed. 409 while the server is not offline for a file the game writes back when it stops (ARK’s GameUserSettings.ini). The file keeps its line breaks (CRLF or LF; raw text is written with them) and whether it ends with one, and is replaced atomically. restart_required is true when the server is running: the game reads the file at start. Needs config.update.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: ConfigPathQuerySchema,
        body: UpdateConfigFileBodySchema,
        response: {
          200: Type.Object({
            data: Type.Object({ restart_required: Type.Boolean() }),
          }),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
      config: { serverPermission: 'config.update' },
    },
    async (request) => {
      const data = await app.configFiles.save(request.serverAccess!.server, request.query.path, request.body, { userId: request.user!.id, ip: request.ip });
      return { data };
    },
  );
}
