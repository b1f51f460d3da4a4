import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { BackupParamsSchema } from '../../schemas/backups';

/** DELETE /servers/{id}/backups/{backup}: removes the backup and its archive. */
export async function deleteBackupRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().delete(
    '/servers/:id/backups/:backup',
    {
      schema: {
        operationId: 'deleteServerBackup',
        tags: ['backups'],
        summary: 'Delete a backup',
        description: 'Needs backup.delete. 409 for a locked backup.',
        security: [{ bearer: [] }],
        params: BackupParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 409, 419) },
      },
      config: { serverPermission: 'backup.delete' },
    },
    async (request, reply) => {
      await app.backups.delete(request.serverAccess!.server, request.params.backup, { userId: request.user!.id, ip: request.ip });
      return reply.code(204).send(null);
    },
  );
}
