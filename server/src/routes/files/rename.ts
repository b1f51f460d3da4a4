import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { fileOperation } from '../../services/files/fileErrors';
import { renameEntries } from '../../services/files/manageFiles';
import { ServerParamsSchema } from '../../schemas/servers';
import { fileChangeOf, fileGuardOf, serverFilesOf, type FileRouteOptions } from './file-route-context';
import { RenameBodySchema } from '../../schemas/files';

/** PUT /servers/{id}/files/rename: renames or moves entries; never replaces an existing one. */
export async function renameFilesRoute(app: FastifyInstance, { context }: FileRouteOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().put(
    '/servers/:id/files/rename',
    {
      schema: {
        operationId: 'renameServerFiles',
        tags: ['files'],
        summary: 'Rename or move files and folders',
        description: 'Needs file.update, and file.create when a move creates folders. `to` may name another folder (a move). 409 when `to` exists.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: RenameBodySchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 409, 419, 422) },
      },
      config: { serverPermission: 'file.update' },
    },
    async (request, reply) => {
      const { files } = serverFilesOf(app, request);
      const { root, files: moves } = request.body;
      await fileOperation(() => renameEntries(files, root, moves, fileGuardOf(request)));
      await context.changes.record(fileChangeOf(request, 'rename'), { directory: root, files: moves });
      return reply.code(204).send(null);
    },
  );
}
