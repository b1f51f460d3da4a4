import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { endSession } from '../../services/auth/sessions';

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
      await endSession(app.db, request.accessTokenId!, { userId: request.user!.id, ip: request.ip });
      return reply.code(204).send(null);
    },
  );
}
