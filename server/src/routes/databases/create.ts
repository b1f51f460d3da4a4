import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FieldErrors } from '../../lib/fieldErrors';
import { errorResponses } from '../../lib/responseSchemas';
import { accessAllows } from '../../services/permissions/serverAccess';
import { CreateServerDatabaseBodySchema, HostUnavailableSchema, ServerDatabaseWithPasswordSchema } from '../../schemas/databases';
import { createServerDatabase } from '../../services/databases/serverDatabases';
import { ServerParamsSchema } from '../../schemas/servers';
import { databaseView } from '../../services/databases/databaseView';

/** POST /servers/{id}/databases: creates a database and its user; the password is shown once. */
export async function createDatabaseRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/databases',
    {
      schema: {
        operationId: 'createServerDatabase',
        tags: ['databases'],
        summary: 'Create a database',
        description:
          'Needs database.create. The name gets the prefix s<server id>_, the user is random and may use this database only. The answer holds the password once (when the caller also holds database.view_password). 409 when the plan’s limit is reached or no database host is set up; 503 when the host is down (nothing is left half-created).',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: CreateServerDatabaseBodySchema,
        response: { 201: ServerDatabaseWithPasswordSchema, ...errorResponses(401, 403, 404, 409, 419, 422, 429), 503: HostUnavailableSchema },
      },
      attachValidation: true,
      config: { serverPermission: 'database.create' },
    },
    async (request, reply) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const access = request.serverAccess!;
      await app.rateLimit({ key: `database.create:${request.user!.id}:${access.server.uuid}`, limit: 30, windowMs: 60_000 });
      const { view, password } = await createServerDatabase(
        app,
        access.server,
        { name: request.body.name, connectionsFrom: request.body.connections_from },
        { userId: request.user!.id, ip: request.ip },
      );
      return reply.code(201).send({ data: { database: databaseView(view), password: accessAllows(access, 'database.view_password') ? password : null } });
    },
  );
}
