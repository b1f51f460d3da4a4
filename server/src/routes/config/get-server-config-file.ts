import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerParamsSchema } from '../../schemas/servers';
import { ConfigFileSchema, ConfigPathQuerySchema } from '../../schemas/config';

/** GET /servers/{id}/config/file?path=: one config file as text and as typed fields. */
export async function getServerConfigFileRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/config/file',
    {
      schema: {
        operationId: 'getServerConfigFile',
        tags: ['config'],
        summary: 'A config file as text and as a form',
        description:
          'Every key the game knows with its type, bounds and default (missing keys show the default), then the file’s other keys. 404 for a path the template does not declare. Needs config.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: ConfigPathQuerySchema,
        response: {
          200: Type.Object({ data: ConfigFileSchema }),
          ...errorResponses(401, 403, 404, 422),
        },
      },
      config: { serverPermission: 'config.read' },
    },
    async (request) => {
      const { file, editor } = await app.configFiles.open(request.serverAccess!.server, request.query.path);
      const content = await editor.read();
      return {
        data: {
          path: file.path,
          format: file.format,
          title: file.title,
          exists: content.exists,
          raw: content.raw,
          rewritten_on_stop: file.rewrittenOnStop === true,
          fields: content.fields,
        },
      };
    },
  );
}
