import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { notFound } from '../../lib/errors';
import { listActiveSessions } from '../../services/auth/accessTokens';
import { revokeSession } from '../../services/auth/sessions';
import { SessionParamsSchema, SessionsResponseSchema } from '../../schemas/account';

/** The account's live sessions (unrevoked, unexpired tokens) and revoking one of them. */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/sessions',
    {
      schema: {
        operationId: 'listAccountSessions',
        tags: ['account'],
        summary: 'The live sessions of the account, newest first',
        security: [{ bearer: [] }],
        response: { 200: SessionsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const sessions = await listActiveSessions(app.db, request.user!.id);
      return {
        data: sessions.map((s) => ({
          id: s.id,
          ip: s.ip,
          user_agent: s.userAgent,
          created_at: s.createdAt.toISOString(),
          last_used_at: s.lastUsedAt.toISOString(),
          expires_at: s.expiresAt.toISOString(),
          current: s.id === request.accessTokenId,
        })),
      };
    },
  );

  r.delete(
    '/sessions/:id',
    {
      schema: {
        operationId: 'revokeAccountSession',
        tags: ['account'],
        summary: 'End one session (its token stops working at once)',
        security: [{ bearer: [] }],
        params: SessionParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 404, 419) },
      },
    },
    async (request, reply) => {
      // Another account's session id is answered like an unknown one.
      if (!(await revokeSession(app.db, request.user!.id, request.params.id, request.ip))) throw notFound('Session');
      return reply.code(204).send(null);
    },
  );
}
