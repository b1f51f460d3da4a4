import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerDatabaseListSchema } from '../../schemas/databases';
import { databaseLimitOf, databasesAvailable, listServerDatabases } from '../../services/databases/serverDatabases';
import { ServerParamsSchema } from '../../schemas/servers';
import { databaseView } from '../../services/databases/databaseView';

/** GET /servers/{id}/databases: the server's databases, the plan's limit and whether databases are set up. */
export async function listDatabasesRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/servers/:id/databases',
    {
      schema: {
        operationId: 'listServerDatabases',
        tags: ['databases'],
        summary: 'List the server’s databases',
        description: 'Needs database.read. Passwords are never listed (see getServerDatabasePassword). meta.available is false while the host has set up no database host for this server.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: ServerDatabaseListSchema, ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'database.read' },
    },
    async (request) => {
      const server = request.serverAccess!.server;
      const views = await listServerDatabases(app.db, server);
      const limit = await databaseLimitOf(app.db, server);
      const available = await databasesAvailable(app.db, server);
      return { data: views.map(databaseView), meta: { limit, available } };
    },
  );
}
