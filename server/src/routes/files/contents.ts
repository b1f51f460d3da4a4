import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { fileOperation } from '../../services/files/fileErrors';
import { readForEditor } from '../../services/files/fileContents';
import { ServerParamsSchema } from '../../schemas/servers';
import { serverFilesOf, type FileRouteOptions } from './file-route-context';
import { FileQuerySchema, tooLargeResponse } from '../../schemas/files';

/** GET /servers/{id}/files/contents: a file's text for the editor (413 above the editor limit). */
export async function fileContentsRoute(app: FastifyInstance, { context }: FileRouteOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/servers/:id/files/contents',
    {
      schema: {
        operationId: 'getServerFileContents',
        tags: ['files'],
        summary: 'Read a file for the editor',
        description:
          'Needs file.read-content. Answers the raw bytes as text/plain (compressed with br or gzip when large and the request ' + 'accepts it); files over 4 MiB answer 413 (download them).',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: FileQuerySchema,
        produces: ['text/plain'],
        response: {
          200: { description: 'The file content', content: { 'text/plain': { schema: Type.String() } } },
          ...tooLargeResponse,
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
      config: { serverPermission: 'file.read-content' },
    },
    async (request, reply) => {
      const { files } = serverFilesOf(app, request);
      const content = await fileOperation(() => readForEditor(files, request.query.file, context.limits.editorBytes));
      // The bytes as they are (the type provider only knows the JSON error bodies of this route);
      // logs opened in the editor run to megabytes of text, compressed on the way out.
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(content as unknown as string);
    },
  );
}
