import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { BackupParamsSchema, BackupRef } from '../../schemas/backups';
import { backupView } from '../../services/backups/backupView';

/** GET /servers/{id}/backups/{backup}. */
export async function getBackupRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/servers/:id/backups/:backup',
    {
      schema: {
        operationId: 'getServerBackup',
        tags: ['backups'],
        summary: 'One backup',
        description: 'Needs backup.read. Another server’s backup is 404.',
        security: [{ bearer: [] }],
        params: BackupParamsSchema,
        response: { 200: Type.Object({ data: BackupRef }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'backup.read' },
    },
    async (request) => ({ data: backupView(await app.backups.find(request.serverAccess!.server, request.params.backup)) }),
  );
}
