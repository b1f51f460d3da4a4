import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { fileOperation } from '../../services/files/fileErrors';
import { createFolder } from '../../services/files/manageFiles';
import { ServerParamsSchema } from '../../schemas/servers';
import { fileChangeOf, serverFilesOf, type FileRouteOptions } from './file-route-context';
import { CreateFolderBodySchema } from '../../schemas/files';

/** POST /servers/{id}/files/create-folder: a new folder `name` in `root`. */
export async function createFolderRoute(app: FastifyInstance, { context }: FileRouteOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/files/create-folder',
    {
      schema: {
        operationId: 'createServerFolder',
        tags: ['files'],
        summary: 'Create a folder',
        description: 'Needs file.create. 409 when the name exists.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: CreateFolderBodySchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 409, 419, 422) },
      },
      config: { serverPermission: 'file.create' },
    },
    async (request, reply) => {
      const { files } = serverFilesOf(app, request);
      const path = await fileOperation(() => createFolder(files, request.body.root, request.body.name));
      await context.changes.record(fileChangeOf(request, 'create-folder'), { directory: path });
      return reply.code(204).send(null);
    },
  );
}
