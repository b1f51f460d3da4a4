import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { ValidationError } from '../../lib/errors';
import { createServer } from '../../services/servers/createServer';
import { requireServer } from '../../services/servers/findServer';
import { findUser } from '../../services/users/findUser';
import { provisioningOf } from '../../plugins/provisioning';
import { changeServerPlan, deleteServer, suspendServer, unsuspendServer } from '../../services/servers/serverOperations';
import { searchAdminServers } from '../../services/admin/adminServerSearch';
import { AdminServerListQuerySchema, SuspendServerBodySchema } from '../../schemas/adminArea';
import { AdminServerSchema, ChangePlanBodySchema, CreateServerBodySchema, ServerParamsSchema } from '../../schemas/admin';
import { adminServerOf, toAdminServer } from '../../services/admin/toAdminServer';

const ServerAnswer = Type.Object({ data: Type.Object({ server: AdminServerSchema }) });
// The admin key is a bearer token too (a different one from users' access tokens).
const security = [{ bearer: [] }];

/** Servers of the admin API: create, list, show, suspend, unsuspend, change plan, delete. */
export async function adminServerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/servers',
    {
      schema: {
        operationId: 'createAdminServer',
        tags: ['admin'],
        summary: 'Create a server (placed on a node with room unless one is named; installs in the background)',
        description: 'Answers at once with install_status "installing"; it becomes "installed" or "install_failed" (with install_error).',
        security,
        body: CreateServerBodySchema,
        response: { 201: ServerAnswer, ...errorResponses(401, 403, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const owner = await findUser(app.db, body.owner);
      if (!owner) throw new ValidationError({ owner: ['Unknown user'] });
      const server = await createServer(provisioningOf(app), {
        name: body.name,
        description: body.description,
        owner,
        template: body.template,
        plan: body.plan,
        variables: body.variables,
        externalId: body.external_id,
        startOnCompletion: body.start_on_completion,
        node: body.node,
        location: body.location,
      });
      return reply.code(201).send({ data: { server: await adminServerOf(provisioningOf(app), server) } });
    },
  );
  r.get(
    '/servers',
    {
      schema: {
        operationId: 'listAdminServers',
        tags: ['admin'],
        summary: 'Every server, or those matching the filters',
        description: 'Filters combine: owner (username, email or uuid), node, game, plan, state (running… or suspended, installing, install_failed), search (name, short id, uuid, external id).',
        security,
        querystring: AdminServerListQuerySchema,
        response: { 200: Type.Object({ data: Type.Array(AdminServerSchema) }), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => ({ data: (await searchAdminServers(app.db, app.runtime, request.query)).map((view) => toAdminServer(view, app.runtime)) }),
  );
  r.get(
    '/servers/:server',
    {
      schema: {
        operationId: 'getAdminServer',
        tags: ['admin'],
        summary: 'Show a server',
        security,
        params: ServerParamsSchema,
        response: { 200: ServerAnswer, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: { server: await adminServerOf(provisioningOf(app), await requireServer(app.db, request.params.server)) } }),
  );
  for (const suspended of [true, false]) {
    r.post(
      `/servers/:server/${suspended ? 'suspend' : 'unsuspend'}`,
      {
        schema: {
          operationId: suspended ? 'suspendAdminServer' : 'unsuspendAdminServer',
          tags: ['admin'],
          summary: suspended ? 'Suspend a server (it is stopped and cannot be started)' : 'Lift a server’s suspension',
          description: suspended ? 'The optional reason is shown to the customer on the server’s pages.' : undefined,
          security,
          params: ServerParamsSchema,
          body: Type.Union([SuspendServerBodySchema, Type.Null()]),
          response: { 200: ServerAnswer, ...errorResponses(401, 403, 404, 422, 429) },
        },
      },
      async (request) => {
        const server = await requireServer(app.db, request.params.server);
        const updated = suspended ? await suspendServer(provisioningOf(app), server, request.body?.reason ?? null) : await unsuspendServer(provisioningOf(app), server);
        return { data: { server: await adminServerOf(provisioningOf(app), updated) } };
      },
    );
  }
  r.put(
    '/servers/:server/plan',
    {
      schema: {
        operationId: 'changeAdminServerPlan',
        tags: ['admin'],
        summary: 'Move a server to another plan of its game (applies at the next start)',
        security,
        params: ServerParamsSchema,
        body: ChangePlanBodySchema,
        response: { 200: ServerAnswer, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const server = await requireServer(app.db, request.params.server);
      return { data: { server: await adminServerOf(provisioningOf(app), await changeServerPlan(provisioningOf(app), server, request.body.plan)) } };
    },
  );
  r.delete(
    '/servers/:server',
    {
      schema: {
        operationId: 'deleteAdminServer',
        tags: ['admin'],
        summary: 'Delete a server with its files',
        security,
        params: ServerParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await deleteServer(provisioningOf(app), await requireServer(app.db, request.params.server));
      return reply.code(204).send(null);
    },
  );
}
