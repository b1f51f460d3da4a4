import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { extractArchive } from '../../services/files/archives/extractArchive';
import { fileOperation } from '../../services/files/fileErrors';
import { ServerParamsSchema } from '../../schemas/servers';
import { fileChangeOf, fileGuardOf, serverFilesOf, type FileRouteOptions } from './file-route-context';
import { DecompressBodySchema, diskFullResponse } from '../../schemas/files';

/** POST /servers/{id}/files/decompress: extracts a zip, tar or tar.gz into `root`. */
export async function decompressFileRoute(app: FastifyInstance, { context }: FileRouteOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/files/decompress',
    {
      schema: {
        operationId: 'decompressServerFile',
        tags: ['files'],
        summary: 'Extract an archive (zip, tar, tar.gz)',
        description:
          'Needs file.archive, and file.update when it replaces existing files. Every entry is checked first (no `..` or absolute names, no links or devices, entry count and ' +
          'uncompressed size within the limits and the disk space); a refused or corrupt archive leaves nothing behind (422 with the reason). ' +
          'Existing files of the same name are replaced.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: DecompressBodySchema,
        response: { 204: NoContentSchema, ...diskFullResponse, ...errorResponses(400, 401, 403, 404, 419, 422) },
      },
      config: { serverPermission: 'file.archive' },
    },
    async (request, reply) => {
      const { server, files } = serverFilesOf(app, request);
      const { root, file } = request.body;
      const result = await fileOperation(() => context.quota.withBudget(server, files, (budget) => extractArchive(files, root, file, context.limits, budget, fileGuardOf(request))));
      await context.changes.record(fileChangeOf(request, 'decompress'), { directory: root, file, entries: result.entries, size: result.bytes });
      return reply.code(204).send(null);
    },
  );
}
