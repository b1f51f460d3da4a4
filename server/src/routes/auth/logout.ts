import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { revokeAccessToken } from '../../services/auth/accessTokens';
import { recordAudit } from '../../services/audit/audit';

/** POST /auth/logout: revokes the presented token at once. */
export async function logoutRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/logout',
    {
      schema: {
        operationId: 'logout',
        tags: ['auth'],
        summary: 'End this session (the token stops working at once)',
        security: [{ bearer: [] }],
        response: { 204: NoContentSchema, ...errorResponses(401, 419) },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      await revokeAccessToken(app.db, request.accessTokenId!);
      await recordAudit(app.db, { actorId: request.user!.id, event: 'auth.logout', ip: request.ip, properties: { session_id: request.accessTokenId } });
      return reply.code(204).send(null);
    },
  );
}
