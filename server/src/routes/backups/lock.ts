import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { BackupParamsSchema, BackupRef, LockBackupBodySchema } from '../../schemas/backups';
import { backupView } from '../../services/backups/backupView';

/** PUT /servers/{id}/backups/{backup}/lock: lock or unlock. */
export async function lockBackupRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().put(
    '/servers/:id/backups/:backup/lock',
    {
      schema: {
        operationId: 'lockServerBackup',
        tags: ['backups'],
        summary: 'Lock or unlock a backup',
        description: 'Needs backup.lock. A locked backup cannot be deleted or rotated away.',
        security: [{ bearer: [] }],
        params: BackupParamsSchema,
        body: LockBackupBodySchema,
        response: { 200: Type.Object({ data: BackupRef }), ...errorResponses(401, 403, 404, 419, 422) },
      },
      config: { serverPermission: 'backup.lock' },
    },
    async (request) => {
      const row = await app.backups.setLocked(request.serverAccess!.server, request.params.backup, request.body.locked, { userId: request.user!.id, ip: request.ip });
      return { data: backupView(row) };
    },
  );
}
