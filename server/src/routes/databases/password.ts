import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { accessAllows } from '../../services/permissions/serverAccess';
import { DatabasePasswordSchema, HostUnavailableSchema, ServerDatabaseParamsSchema, ServerDatabaseWithPasswordSchema } from '../../schemas/databases';
import { databasePassword, findServerDatabase, rotateDatabasePassword } from '../../services/databases/serverDatabases';
import { databaseView } from '../../services/databases/databaseView';

/** GET …/password shows the password again; POST …/rotate-password gives the user a new one. */
export async function databasePasswordRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/servers/:id/databases/:database/password',
    {
      schema: {
        operationId: 'getServerDatabasePassword',
        tags: ['databases'],
        summary: 'Show a database’s password',
        description: 'Needs database.view_password.',
        security: [{ bearer: [] }],
        params: ServerDatabaseParamsSchema,
        response: { 200: DatabasePasswordSchema, ...errorResponses(401, 403, 404, 429) },
      },
      config: { serverPermission: 'database.view_password' },
    },
    async (request, reply) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `database.password:${request.user!.id}:${server.uuid}`, limit: 60, windowMs: 60_000 });
      const view = await findServerDatabase(app.db, server, request.params.database);
      void reply.header('cache-control', 'no-store');
      return { data: { password: databasePassword(app, view) } };
    },
  );
  r.post(
    '/servers/:id/databases/:database/rotate-password',
    {
      schema: {
        operationId: 'rotateServerDatabasePassword',
        tags: ['databases'],
        summary: 'Give the database user a new password',
        description:
          'Needs database.update. The old password stops working at once. The answer holds the new password when the caller also holds database.view_password. 503 when the host is down (the old password stays).',
        security: [{ bearer: [] }],
        params: ServerDatabaseParamsSchema,
        response: { 200: ServerDatabaseWithPasswordSchema, ...errorResponses(401, 403, 404, 419, 429), 503: HostUnavailableSchema },
      },
      config: { serverPermission: 'database.update' },
    },
    async (request) => {
      const access = request.serverAccess!;
      await app.rateLimit({ key: `database.rotate:${request.user!.id}:${access.server.uuid}`, limit: 30, windowMs: 60_000 });
      const { view, password } = await rotateDatabasePassword(app, access.server, request.params.database, { userId: request.user!.id, ip: request.ip });
      return { data: { database: databaseView(view), password: accessAllows(access, 'database.view_password') ? password : null } };
    },
  );
}
