import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { HttpError } from '../../lib/errors';
import { accountMessages } from '../../lib/accountMessages';
import { normalizeFields } from '../../lib/fieldErrors';
import { panelUrl } from '../../lib/panelUrl';
import { requireUser } from '../../services/users/findUser';
import { adminServiceActorOf } from './admin-auth';
import { toAdminUser } from '../../services/admin/adminUserView';
import { listAdminUsers, resetUserTwoFactor, sendUserPasswordReset, updatePanelUser } from '../../services/admin/adminUsers';
import { AdminUserSchema, UserParamsSchema } from '../../schemas/admin';
import { AdminUserListItemSchema, AdminUserListQuerySchema, UpdateAdminUserBodySchema } from '../../schemas/adminArea';

const UserAnswer = Type.Object({ data: Type.Object({ user: AdminUserSchema }) });
const MessageAnswer = Type.Object({ message: Type.String() });
const security = [{ bearer: [] }];

/** The admin area's user management: list and search, edit, reset two-factor, send a password reset. */
export async function adminUserAccountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/users',
    {
      schema: {
        operationId: 'listAdminUsers',
        tags: ['admin'],
        summary: 'Users, newest first, with a search in username, email and name',
        security,
        querystring: AdminUserListQuerySchema,
        response: {
          200: Type.Object({ data: Type.Array(AdminUserListItemSchema), meta: Type.Object({ total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() }) }),
          ...errorResponses(401, 403, 422, 429),
        },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 25;
      const { rows, total } = await listAdminUsers(app.db, request.query.search, { limit: perPage, offset: (page - 1) * perPage });
      return { data: rows.map(({ user, servers }) => ({ ...toAdminUser(user), servers })), meta: { total, page, per_page: perPage } };
    },
  );
  r.patch(
    '/users/:user',
    {
      schema: {
        operationId: 'updateAdminUser',
        tags: ['admin'],
        summary: 'Change a user’s email, names, language or admin flag',
        security,
        params: UserParamsSchema,
        body: UpdateAdminUserBodySchema,
        response: { 200: UserAnswer, ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
      preValidation: async (request) => normalizeFields(request.body, ['email']),
    },
    async (request) => {
      const user = await requireUser(app.db, request.params.user);
      // An admin cannot take their own admin flag away and lock themselves out of this area.
      if (request.user?.id === user.id && request.body.root_admin === false) throw new HttpError(409, 'You cannot remove your own admin rights.');
      return { data: { user: toAdminUser(await updatePanelUser(app.db, user, request.body)) } };
    },
  );
  r.post(
    '/users/:user/two-factor/reset',
    {
      schema: {
        operationId: 'resetAdminUserTwoFactor',
        tags: ['admin'],
        summary: 'Turn a user’s two-factor sign-in off (a lost phone)',
        security,
        params: UserParamsSchema,
        response: { 200: UserAnswer, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const user = await requireUser(app.db, request.params.user);
      await resetUserTwoFactor(app.db, user, adminServiceActorOf(request));
      return { data: { user: toAdminUser(await requireUser(app.db, user.uuid)) } };
    },
  );
  r.post(
    '/users/:user/password-reset',
    {
      schema: {
        operationId: 'sendAdminUserPasswordReset',
        tags: ['admin'],
        summary: 'Mail the user a password-reset link',
        security,
        params: UserParamsSchema,
        response: { 202: MessageAnswer, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(app.db, request.params.user);
      if (user.suspended) throw new HttpError(409, accountMessages.suspended);
      await sendUserPasswordReset(app.db, app.mailer, user, request.ip, panelUrl(request));
      return reply.code(202).send({ message: 'A password-reset link was mailed to the user.' });
    },
  );
}
