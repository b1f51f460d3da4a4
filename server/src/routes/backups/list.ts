import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { BackupListSchema } from '../../schemas/backups';
import { ServerParamsSchema } from '../../schemas/servers';
import { backupView } from '../../services/backups/backupView';

/** GET /servers/{id}/backups: every backup, newest first, with the plan's limit. */
export async function listBackupsRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/servers/:id/backups',
    {
      schema: {
        operationId: 'listServerBackups',
        tags: ['backups'],
        summary: 'List the server’s backups',
        description: 'Needs backup.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: BackupListSchema, ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'backup.read' },
    },
    async (request) => {
      const server = request.serverAccess!.server;
      const [rows, limit, settings] = await Promise.all([app.backups.list(server), app.backups.limitOf(server), app.backups.settings(server)]);
      return { data: rows.map(backupView), meta: { limit, rotate: settings.rotate } };
    },
  );
}
