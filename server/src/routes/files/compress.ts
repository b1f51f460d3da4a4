import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { compressEntries } from '../../services/files/archives/compressEntries';
import { fileOperation } from '../../services/files/fileErrors';
import { toFileEntry } from '../../services/files/toFileEntry';
import { ServerParamsSchema } from '../../schemas/servers';
import { fileChangeOf, serverFilesOf, type FileRouteOptions } from './file-route-context';
import { CompressBodySchema, diskFullResponse, FileEntryRef } from '../../schemas/files';

/** POST /servers/{id}/files/compress: packs entries of `root` into a zip or tar.gz beside them. */
export async function compressFilesRoute(app: FastifyInstance, { context }: FileRouteOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/files/compress',
    {
      schema: {
        operationId: 'compressServerFiles',
        tags: ['files'],
        summary: 'Compress files into a zip or tar.gz archive',
        description: 'Needs file.archive. The archive is created in `root` as archive-<date>.<format>; symlinks are left out.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: CompressBodySchema,
        response: { 200: Type.Object({ data: FileEntryRef }), ...diskFullResponse, ...errorResponses(400, 401, 403, 404, 419, 422) },
      },
      config: { serverPermission: 'file.archive' },
    },
    async (request) => {
      const { server, files } = serverFilesOf(app, request);
      const { root, files: names, format } = request.body;
      const archive = await fileOperation(() => context.quota.withBudget(server, files, (budget) => compressEntries(files, root, names, format, budget)));
      const entry = toFileEntry(archive.name, archive.info);
      await context.changes.record(fileChangeOf(request, 'compress'), { directory: root, files: names, archive: entry.name, size: entry.size });
      return { data: entry };
    },
  );
}
