import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { HostUnavailableSchema, ServerDatabaseParamsSchema } from '../../schemas/databases';
import { deleteServerDatabase } from '../../services/databases/serverDatabases';

/** DELETE /servers/{id}/databases/{database}: drops the database and its user on the host. */
export async function deleteDatabaseRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().delete(
    '/servers/:id/databases/:database',
    {
      schema: {
        operationId: 'deleteServerDatabase',
        tags: ['databases'],
        summary: 'Delete a database',
        description: 'Needs database.delete. Drops the database and its user on the host; 503 when the host is down (nothing changes).',
        security: [{ bearer: [] }],
        params: ServerDatabaseParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 419), 503: HostUnavailableSchema },
      },
      config: { serverPermission: 'database.delete' },
    },
    async (request, reply) => {
      await deleteServerDatabase(app, request.serverAccess!.server, request.params.database, { userId: request.user!.id, ip: request.ip });
      return reply.code(204).send(null);
    },
  );
}
