import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { normalizeFields } from '../../lib/fieldErrors';
import { requireUser } from '../../services/users/findUser';
import { provisioningOf } from '../../plugins/provisioning';
import { createPanelUser, deletePanelUser, setUserSuspended } from '../../services/users/userOperations';
import { AdminUserSchema, CreateUserBodySchema, UserParamsSchema } from '../../schemas/admin';
import { toAdminUser } from '../../services/admin/adminUserView';

const UserAnswer = Type.Object({ data: Type.Object({ user: AdminUserSchema }) });
// The admin key is a bearer token too (a different one from users' access tokens).
const security = [{ bearer: [] }];

/** Users of the admin API: create, show, suspend, unsuspend, delete. */
export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/users',
    {
      schema: {
        operationId: 'createAdminUser',
        tags: ['admin'],
        summary: 'Create a user',
        security,
        body: CreateUserBodySchema,
        response: { 201: UserAnswer, ...errorResponses(401, 403, 422, 429) },
      },
      preValidation: async (request) => normalizeFields(request.body, ['username', 'email']),
    },
    async (request, reply) => {
      const body = request.body;
      const user = await createPanelUser(provisioningOf(app), {
        username: body.username,
        email: body.email,
        password: body.password,
        nameFirst: body.name_first,
        nameLast: body.name_last,
        language: body.language,
        rootAdmin: body.root_admin,
      });
      return reply.code(201).send({ data: { user: toAdminUser(user) } });
    },
  );
  r.get(
    '/users/:user',
    {
      schema: { operationId: 'getAdminUser', tags: ['admin'], summary: 'Show a user', security, params: UserParamsSchema, response: { 200: UserAnswer, ...errorResponses(401, 403, 404, 429) } },
    },
    async (request) => ({ data: { user: toAdminUser(await requireUser(app.db, request.params.user)) } }),
  );
  for (const suspended of [true, false]) {
    r.post(
      `/users/:user/${suspended ? 'suspend' : 'unsuspend'}`,
      {
        schema: {
          operationId: suspended ? 'suspendAdminUser' : 'unsuspendAdminUser',
          tags: ['admin'],
          summary: suspended ? 'Suspend a user (every session ends at once)' : 'Lift a user’s suspension',
          security,
          params: UserParamsSchema,
          response: { 200: UserAnswer, ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request) => {
        const user = await requireUser(app.db, request.params.user);
        return { data: { user: toAdminUser(await setUserSuspended(provisioningOf(app), user, suspended)) } };
      },
    );
  }
  r.delete(
    '/users/:user',
    {
      schema: {
        operationId: 'deleteAdminUser',
        tags: ['admin'],
        summary: 'Delete a user who owns no servers',
        security,
        params: UserParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await deletePanelUser(provisioningOf(app), await requireUser(app.db, request.params.user));
      return reply.code(204).send(null);
    },
  );
}
