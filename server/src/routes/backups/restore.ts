import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { BackupParamsSchema, RestoreBackupBodySchema, RestoreResultSchema } from '../../schemas/backups';

/** POST /servers/{id}/backups/{backup}/restore: replaces the server's files with the backup's. */
export async function restoreBackupRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/backups/:backup/restore',
    {
      schema: {
        operationId: 'restoreServerBackup',
        tags: ['backups'],
        summary: 'Restore a backup',
        description:
          'Needs backup.restore. The server must be stopped (409 otherwise) and cannot start until the restore ends. The archive’s SHA-256 is verified before anything is touched (409 "damaged" on a mismatch, files unchanged); it is extracted into a staging folder, every entry checked, then swapped in: a crash leaves all old or all new files. Answers when done; progress on the console socket.',
        security: [{ bearer: [] }],
        params: BackupParamsSchema,
        body: RestoreBackupBodySchema,
        response: { 200: RestoreResultSchema, ...errorResponses(401, 403, 404, 409, 419, 422, 429) },
      },
      config: { serverPermission: 'backup.restore' },
    },
    async (request) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `backup.restore:${request.user!.id}:${server.uuid}`, limit: 10, windowMs: 60_000 });
      const result = await app.backups.restore(server, request.params.backup, request.body?.truncate ?? false, { userId: request.user!.id, ip: request.ip });
      return { data: result };
    },
  );
}
