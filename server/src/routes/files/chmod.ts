import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { fileOperation } from '../../services/files/fileErrors';
import { changeModes } from '../../services/files/manageFiles';
import { ServerParamsSchema } from '../../schemas/servers';
import { fileChangeOf, serverFilesOf, type FileRouteOptions } from './file-route-context';
import { ChmodBodySchema } from '../../schemas/files';

/** POST /servers/{id}/files/chmod: sets permission bits such as 755. */
export async function chmodFilesRoute(app: FastifyInstance, { context }: FileRouteOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/files/chmod',
    {
      schema: {
        operationId: 'chmodServerFiles',
        tags: ['files'],
        summary: 'Change permissions',
        description: 'Needs file.update. Modes are three octal digits (e.g. 644, 755).',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: ChmodBodySchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 419, 422) },
      },
      config: { serverPermission: 'file.update' },
    },
    async (request, reply) => {
      const { files } = serverFilesOf(app, request);
      await fileOperation(() => changeModes(files, request.body.root, request.body.files));
      await context.changes.record(fileChangeOf(request, 'chmod'), { directory: request.body.root, files: request.body.files });
      return reply.code(204).send(null);
    },
  );
}
