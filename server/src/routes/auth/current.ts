import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { toUserResource } from '../../services/auth/userResource';
import { isFirstSession } from '../../services/auth/firstSession';
import { userHasPasskeys } from '../../services/auth/passkeys';
import { sessionUsedPasskey } from '../../services/auth/passkeySession';
import { CurrentUserResponseSchema } from '../../schemas/auth';

/**
 * GET /auth/current: the user behind the bearer token, with whether this is its first session,
 * whether the account has passkeys and whether this session was opened with one.
 */
export async function currentUserRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/current',
    {
      schema: {
        operationId: 'getCurrentUser',
        tags: ['auth'],
        summary: 'The authenticated user',
        security: [{ bearer: [] }],
        response: { 200: CurrentUserResponseSchema, ...errorResponses(401) },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const user = request.user!;
      const [firstSession, hasPasskeys, passkeySession] = await Promise.all([
        isFirstSession(app.db, user.id, request.accessTokenId),
        userHasPasskeys(app.db, user.id),
        sessionUsedPasskey(app.db, user.id, request.accessTokenId),
      ]);
      return { data: { user: { ...toUserResource(user), first_session: firstSession, has_passkeys: hasPasskeys, passkey_session: passkeySession } } };
    },
  );
}
