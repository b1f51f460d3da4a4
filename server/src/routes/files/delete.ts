import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { fileOperation } from '../../services/files/fileErrors';
import { deleteEntries } from '../../services/files/manageFiles';
import { ServerParamsSchema } from '../../schemas/servers';
import { fileChangeOf, serverFilesOf, type FileRouteOptions } from './file-route-context';
import { FilesBodySchema } from '../../schemas/files';

/** POST /servers/{id}/files/delete: deletes entries of `root` (folders with their content). */
export async function deleteFilesRoute(app: FastifyInstance, { context }: FileRouteOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/files/delete',
    {
      schema: {
        operationId: 'deleteServerFiles',
        tags: ['files'],
        summary: 'Delete files and folders',
        description: 'Needs file.delete. A symlink is removed itself, never what it points to.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: FilesBodySchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 419, 422) },
      },
      config: { serverPermission: 'file.delete' },
    },
    async (request, reply) => {
      const { files } = serverFilesOf(app, request);
      await fileOperation(() => deleteEntries(files, request.body.root, request.body.files));
      await context.changes.record(fileChangeOf(request, 'delete'), { directory: request.body.root, files: request.body.files });
      return reply.code(204).send(null);
    },
  );
}
