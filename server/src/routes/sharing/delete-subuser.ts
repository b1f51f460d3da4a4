import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { deleteSubuser } from '../../services/sharing/changeSubuser';
import { sharingCallOf } from './sharing-call';
import { SubuserParamsSchema } from '../../schemas/sharing';

/** DELETE /servers/{id}/users/{subuser}: remove someone (or withdraw an invitation). */
export async function deleteSubuserRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().delete(
    '/:id/users/:subuser',
    {
      schema: {
        operationId: 'deleteServerSubuser',
        tags: ['sharing'],
        summary: 'Remove someone from this server',
        description: 'Their next call answers 404 and their open console sockets close within seconds.',
        security: [{ bearer: [] }],
        params: SubuserParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 419) },
      },
      config: { serverPermission: 'user.delete' },
    },
    async (request, reply) => {
      await deleteSubuser(app.db, sharingCallOf(request), request.params.subuser);
      return reply.code(204).send(null);
    },
  );
}
