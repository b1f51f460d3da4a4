import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FieldErrors } from '../../lib/fieldErrors';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { CreateDatabaseHostBodySchema, DatabaseHostParamsSchema, DatabaseHostSchema } from '../../schemas/databases';
import { deleteDatabaseHost, listDatabaseHosts, registerDatabaseHost, requireDatabaseHost } from '../../services/databases/databaseHosts';
import { databaseHostJson } from '../../services/databases/hostView';

const HostAnswer = Type.Object({ data: Type.Object({ database_host: DatabaseHostSchema }) });
const security = [{ bearer: [] }];

/** Database hosts of the admin API: register, list, show, remove. The admin password is never answered. */
export async function adminDatabaseHostRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/database-hosts',
    {
      schema: {
        operationId: 'createAdminDatabaseHost',
        tags: ['admin'],
        summary: 'Register a MariaDB/MySQL host for customers’ databases',
        description:
          'The panel connects with the admin account first: a host it cannot reach is a 422 on host, a refused account a 422 on password. The account needs to create databases and users and to grant on them (GRANT ALL ON *.* … WITH GRANT OPTION). Its password is stored encrypted with the panel secret and never answered.',
        security,
        body: CreateDatabaseHostBodySchema,
        response: { 201: HostAnswer, ...errorResponses(401, 403, 422, 429) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      // Schema errors and the service's own rules together: one 422 names every bad field.
      const view = await registerDatabaseHost(app, request.body ?? ({} as typeof request.body), FieldErrors.fromRequest(request));
      return reply.code(201).send({ data: { database_host: databaseHostJson(view) } });
    },
  );
  r.get(
    '/database-hosts',
    {
      schema: {
        operationId: 'listAdminDatabaseHosts',
        tags: ['admin'],
        summary: 'Every database host',
        security,
        response: { 200: Type.Object({ data: Type.Array(DatabaseHostSchema) }), ...errorResponses(401, 403, 429) },
      },
    },
    async () => ({ data: (await listDatabaseHosts(app.db)).map(databaseHostJson) }),
  );
  r.get(
    '/database-hosts/:host',
    {
      schema: {
        operationId: 'getAdminDatabaseHost',
        tags: ['admin'],
        summary: 'Show a database host',
        security,
        params: DatabaseHostParamsSchema,
        response: { 200: HostAnswer, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: { database_host: databaseHostJson(await requireDatabaseHost(app.db, request.params.host)) } }),
  );
  r.delete(
    '/database-hosts/:host',
    {
      schema: {
        operationId: 'deleteAdminDatabaseHost',
        tags: ['admin'],
        summary: 'Remove a database host from the panel',
        description: '409 while customers’ databases live on it. Nothing is dropped on the host itself.',
        security,
        params: DatabaseHostParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await deleteDatabaseHost(app.db, request.params.host);
      return reply.code(204).send(null);
    },
  );
}
