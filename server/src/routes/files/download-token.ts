import { basename } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError } from '../../lib/errors';
import { errorResponses } from '../../lib/responseSchemas';
import { fileOperation } from '../../services/files/fileErrors';
import { accessAllows, accessFor } from '../../services/permissions/serverAccess';
import { findServerByUuid } from '../../services/servers/findServer';
import { findUserById } from '../../services/auth/userAccounts';
import type { FileRouteOptions } from './file-route-context';
import { DownloadTokenParamsSchema, FileQuerySchema } from '../../schemas/files';

const invalidLink = () => new HttpError(404, 'The download link is invalid or has expired.');

/** `attachment` with an ASCII fallback name and the exact name in UTF-8 (RFC 6266). */
export function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** GET /files/download/{token}: streams the file a signed URL grants (no bearer token). */
export async function downloadTokenRoute(app: FastifyInstance, { context }: FileRouteOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/files/download/:token',
    {
      schema: {
        operationId: 'downloadServerFile',
        tags: ['files'],
        summary: 'Download a file through a signed URL',
        description: 'The URL (token and file) comes from getServerFileDownload. 404 when it is invalid, expired, or its user lost access.',
        params: DownloadTokenParamsSchema,
        querystring: FileQuerySchema,
        produces: ['application/octet-stream'],
        response: {
          200: { description: 'The file, streamed', content: { 'application/octet-stream': { schema: Type.String({ format: 'binary' }) } } },
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      const grant = context.tokens.verify(request.params.token, request.query.file);
      if (!grant) throw invalidLink();
      const server = await findServerByUuid(app.db, grant.serverUuid);
      const user = await findUserById(app.db, grant.userId);
      // The permission is checked again: a link stops working once its user loses access.
      if (!server || !user) throw invalidLink();
      const access = await accessFor(app.db, user, server);
      if (!access || !accessAllows(access, 'file.read-content')) throw invalidLink();
      const { stream, info } = await fileOperation(() => app.runtime.files(server.uuid).readStream(grant.path));
      return (
        reply
          .header('content-type', 'application/octet-stream')
          .header('content-length', String(info.size))
          .header('content-disposition', attachmentHeader(basename(grant.path)))
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          // A stream (the type provider only knows the JSON error bodies of this route).
          .send(stream as unknown as string)
      );
    },
  );
}
