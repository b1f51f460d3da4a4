import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { HttpError } from '../../lib/errors';
import { accountMessages } from '../../lib/accountMessages';
import { requireUser } from '../../services/users/findUser';
import { issueLoginToken, LOGIN_TOKEN_TTL_MS } from '../../services/auth/loginTokens';
import { UserParamsSchema } from '../../schemas/admin';
import { panelUrl } from '../../lib/panelUrl';
import { adminServiceActorOf } from './admin-auth';

/** Login links per user and minute: plenty for a customer clicking "log in", too few to spray. */
const ISSUE_LIMIT = { limit: 10, windowMs: 60_000 };

const LoginTokenBodySchema = Type.Object(
  {
    redirect: Type.Optional(Type.String({ maxLength: 512, pattern: '^/(?![/\\\\])\\S*$', description: 'Panel path to open after the login, e.g. /server/abc123/console' })),
  },
  { additionalProperties: false },
);

const LoginTokenAnswer = Type.Object({
  data: Type.Object({
    token: Type.String({ description: `Single-use, valid for ${LOGIN_TOKEN_TTL_MS / 1000} seconds; shown only once` }),
    url: Type.String({ description: 'The panel address that logs the user in: /login?token=…' }),
    expires_at: Type.String({ format: 'date-time' }),
  }),
});

/**
 * POST /admin/users/{user}/login-token: a one-minute, single-use login link for a user, so the
 * billing system can send its customer into the panel without a second password prompt. The
 * admin key is trusted with the account already (it creates, suspends and deletes users), so the
 * link does not ask for the user's second factor either.
 */
export async function adminLoginTokenRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/users/:user/login-token',
    {
      schema: {
        operationId: 'createAdminUserLoginToken',
        tags: ['admin'],
        summary: 'Create a single-use login link for a user (valid for one minute)',
        security: [{ bearer: [] }],
        params: UserParamsSchema,
        body: Type.Union([LoginTokenBodySchema, Type.Null()]),
        response: { 201: LoginTokenAnswer, ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(app.db, request.params.user);
      if (user.suspended) throw new HttpError(409, accountMessages.suspended);
      await app.rateLimit({ key: `login-token:user:${user.id}`, ...ISSUE_LIMIT });
      const issuedBy = request.adminKey?.identifier ?? null;
      const redirectTo = request.body?.redirect ?? null;
      const { token, expiresAt } = await issueLoginToken(app.db, user, { issuedBy, actorId: adminServiceActorOf(request).userId, redirectTo, ip: request.ip });
      const url = `${panelUrl(request)}/login?token=${encodeURIComponent(token)}`;
      return reply.code(201).send({ data: { token, url, expires_at: expiresAt.toISOString() } });
    },
  );
}
