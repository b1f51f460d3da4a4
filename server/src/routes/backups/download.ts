import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError } from '../../lib/errors';
import { errorResponses } from '../../lib/responseSchemas';
import { accessAllows, accessFor } from '../../services/permissions/serverAccess';
import { findUserById } from '../../services/auth/userAccounts';
import { BackupDownloadParamsSchema, BackupDownloadSchema, BackupParamsSchema } from '../../schemas/backups';

const invalidLink = () => new HttpError(404, 'The download link is invalid, used or expired.');

/** POST /servers/{id}/backups/{backup}/download: a one-time link to the archive. */
export async function backupDownloadLinkRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/backups/:backup/download',
    {
      schema: {
        operationId: 'getServerBackupDownload',
        tags: ['backups'],
        summary: 'Get a one-time download link',
        description: 'Needs backup.download. The link works once, for 5 minutes, while its user keeps the permission; a new link replaces the previous one.',
        security: [{ bearer: [] }],
        params: BackupParamsSchema,
        response: { 200: Type.Object({ data: BackupDownloadSchema }), ...errorResponses(401, 403, 404, 409, 419) },
      },
      config: { serverPermission: 'backup.download' },
    },
    async (request) => {
      const { token, expiresAt } = await app.backups.openDownload(request.serverAccess!.server, request.params.backup, { userId: request.user!.id, ip: request.ip });
      return { data: { download_url: `/api/v2/backups/download/${token}`, expires_at: expiresAt.toISOString() } };
    },
  );
}

/** GET /backups/download/{token}: streams the archive once (no bearer token). */
export async function backupDownloadRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/backups/download/:token',
    {
      schema: {
        operationId: 'downloadServerBackup',
        tags: ['backups'],
        summary: 'Download a backup through a one-time link',
        description: 'The link comes from getServerBackupDownload. 404 when it is invalid, used, expired, or its user lost the permission.',
        params: BackupDownloadParamsSchema,
        produces: ['application/gzip'],
        response: { 200: { description: 'The tar.gz archive, streamed', content: { 'application/gzip': { schema: Type.String({ format: 'binary' }) } } }, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const claimed = await app.backups.consumeDownload(request.params.token);
      if (!claimed) throw invalidLink();
      const user = await findUserById(app.db, claimed.userId);
      const access = user ? await accessFor(app.db, user, claimed.server) : null;
      if (!access || !accessAllows(access, 'backup.download')) throw invalidLink();
      const stream = await app.backups.storage.read(claimed.server.uuid, claimed.backup.uuid);
      const name = `${claimed.backup.name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'backup'}.tar.gz`;
      return (
        reply
          .header('content-type', 'application/gzip')
          .header('content-length', String(claimed.backup.bytes))
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .header('x-checksum-sha256', claimed.backup.checksum ?? '')
          // A stream (the type provider only knows the JSON error bodies of this route).
          .send(stream as unknown as string)
      );
    },
  );
}
