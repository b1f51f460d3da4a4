import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { fileOperation } from '../../services/files/fileErrors';
import { checkUserPath } from '../../services/files/checkUserPath';
import { regularFile } from '../../services/files/fileContents';
import { ServerParamsSchema } from '../../schemas/servers';
import { fileChangeOf, serverFilesOf, type FileRouteOptions } from './file-route-context';
import { DownloadUrlSchema, FileQuerySchema } from '../../schemas/files';

/** GET /servers/{id}/files/download: a short-lived signed URL that streams the file. */
export async function downloadUrlRoute(app: FastifyInstance, { context }: FileRouteOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/servers/:id/files/download',
    {
      schema: {
        operationId: 'getServerFileDownload',
        tags: ['files'],
        summary: 'Get a signed download URL for a file',
        description: 'Needs file.read-content. The URL works without a bearer token for 5 minutes, for this user while they keep the permission.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: FileQuerySchema,
        response: { 200: Type.Object({ data: DownloadUrlSchema }), ...errorResponses(400, 401, 403, 404, 422) },
      },
      config: { serverPermission: 'file.read-content' },
    },
    async (request) => {
      const { server, files } = serverFilesOf(app, request);
      const path = request.query.file;
      // The file must exist and be a regular file inside the root now; the download checks again.
      await fileOperation(() => regularFile(files, checkUserPath(path)));
      // Whole seconds: the token keeps its expiry to the second.
      const expiresAt = Math.floor((Date.now() + context.limits.downloadTokenMs) / 1000) * 1000;
      const token = context.tokens.issue({ serverUuid: server.uuid, userId: request.user!.id, path, expiresAt });
      await context.changes.record(fileChangeOf(request, 'download'), { file: path });
      return { data: { url: `/api/v2/files/download/${token}?file=${encodeURIComponent(path)}`, expires_at: new Date(expiresAt).toISOString() } };
    },
  );
}
