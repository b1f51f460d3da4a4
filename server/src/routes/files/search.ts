import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { fileOperation } from '../../services/files/fileErrors';
import { searchFiles } from '../../services/files/searchFiles';
import { ServerParamsSchema } from '../../schemas/servers';
import { serverFilesOf, type FileRouteOptions } from './file-route-context';
import { FoundFileSchema, SearchQuerySchema } from '../../schemas/files';

/** GET /servers/{id}/files/search: entries whose name matches, in a folder and its subfolders. */
export async function searchFilesRoute(app: FastifyInstance, { context }: FileRouteOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/servers/:id/files/search',
    {
      schema: {
        operationId: 'searchServerFiles',
        tags: ['files'],
        summary: 'Search files by name',
        description: 'Needs file.read. Case-insensitive; * and ? are wildcards, otherwise a part of the name. At most 250 results; symlinks are not followed.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: SearchQuerySchema,
        response: { 200: Type.Object({ data: Type.Array(FoundFileSchema) }), ...errorResponses(400, 401, 403, 404, 422) },
      },
      config: { serverPermission: 'file.read' },
    },
    async (request) => {
      const { files } = serverFilesOf(app, request);
      return { data: await fileOperation(() => searchFiles(files, request.query.directory, request.query.pattern, context.limits)) };
    },
  );
}
