import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { BackupSettingsSchema } from '../../schemas/backups';
import { ServerParamsSchema } from '../../schemas/servers';

/** PUT /servers/{id}/backup-settings: rotation on or off. */
export async function backupSettingsRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().put(
    '/servers/:id/backup-settings',
    {
      schema: {
        operationId: 'updateServerBackupSettings',
        tags: ['backups'],
        summary: 'Change the backup settings',
        description: 'Needs backup.delete (rotation deletes backups). With rotate on, a new backup over the plan’s limit replaces the oldest unlocked one.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: BackupSettingsSchema,
        response: { 200: Type.Object({ data: BackupSettingsSchema }), ...errorResponses(401, 403, 404, 419, 422) },
      },
      config: { serverPermission: 'backup.delete' },
    },
    async (request) => ({ data: await app.backups.updateSettings(request.serverAccess!.server, request.body.rotate, { userId: request.user!.id, ip: request.ip }) }),
  );
}
