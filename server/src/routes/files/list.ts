import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { fileOperation } from '../../services/files/fileErrors';
import { listDirectoryJson } from '../../services/files/listDirectory';
import { ServerParamsSchema } from '../../schemas/servers';
import { serverFilesOf } from './file-route-context';
import { DirectoryQuerySchema, FileEntryRef, type FileEntryJson } from '../../schemas/files';

/** GET /servers/{id}/files/list: a folder's entries, folders first, then by name. */
export async function listFilesRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/servers/:id/files/list',
    {
      schema: {
        operationId: 'listServerFiles',
        tags: ['files'],
        summary: "List a folder of the server's files",
        description:
          'Needs file.read. Symlinks are listed, never followed out of the root. Large answers are compressed (br or gzip) when ' +
          'the request accepts it, as a folder of 10,000 entries is over 2 MB of JSON.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: DirectoryQuerySchema,
        response: { 200: Type.Object({ data: Type.Array(FileEntryRef) }), ...errorResponses(400, 401, 403, 404, 422) },
      },
      config: { serverPermission: 'file.read' },
    },
    async (request, reply) => {
      const { server, files } = serverFilesOf(app, request);
      const json = await fileOperation(() => listDirectoryJson(files, request.query.directory, server.uuid));
      // Sent as it is, already in the shape of the response schema (which stays for the API
      // document); compressed on the way out, once per unchanged listing (compressionPlugin).
      return reply.type('application/json; charset=utf-8').send(json as unknown as { data: FileEntryJson[] });
    },
  );
}
