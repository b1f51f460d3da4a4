import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { fileOperation } from '../../services/files/fileErrors';
import { writeFromEditor } from '../../services/files/fileContents';
import { defaultFileLimits } from '../../services/files/fileLimits';
import { ServerParamsSchema } from '../../schemas/servers';
import { fileChangeOf, fileGuardOf, serverFilesOf, type FileRouteOptions } from './file-route-context';
import { diskFullResponse, FileQuerySchema, tooLargeResponse } from '../../schemas/files';

/** POST /servers/{id}/files/write: saves the body (raw text) atomically, creating the file if needed. */
export async function writeFileRoute(app: FastifyInstance, { context }: FileRouteOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/files/write',
    {
      // The editor's limit: bigger files are uploaded, not saved from the editor.
      bodyLimit: context.limits.editorBytes ?? defaultFileLimits.editorBytes,
      schema: {
        operationId: 'writeServerFile',
        tags: ['files'],
        summary: 'Save a file (atomic: the old or the new content, never a mix)',
        description: 'Needs file.update to replace a file and file.create to write one that does not exist (and the folders above it). ' + 'Body: the raw content (text/plain), at most 4 MiB.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: FileQuerySchema,
        consumes: ['text/plain'],
        body: Type.String({ description: 'The new content' }),
        response: { 204: NoContentSchema, ...tooLargeResponse, ...diskFullResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 422) },
      },
      // Create or update, depending on what is at the path: checked by the effect itself (fileGuardOf).
      config: { serverPermission: null },
    },
    async (request, reply) => {
      const { server, files } = serverFilesOf(app, request);
      const content = Buffer.from(request.body, 'utf8');
      await fileOperation(() => context.quota.withBudget(server, files, (budget) => writeFromEditor(files, request.query.file, content, budget, fileGuardOf(request))));
      await context.changes.record(fileChangeOf(request, 'write'), { file: request.query.file, size: content.length });
      return reply.code(204).send(null);
    },
  );
}
