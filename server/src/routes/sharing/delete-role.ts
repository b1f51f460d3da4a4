import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { deleteRole } from '../../services/sharing/manageRoles';
import { sharingCallOf } from './sharing-call';
import { DeleteRoleQuerySchema, RoleParamsSchema } from '../../schemas/sharing';

/** DELETE /servers/{id}/roles/{role}: delete a custom role, moving its members to another. */
export async function deleteRoleRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().delete(
    '/:id/roles/:role',
    {
      schema: {
        operationId: 'deleteServerRole',
        tags: ['sharing'],
        summary: 'Delete a custom role',
        description: '409 when people use the role and no reassign_to is given; with it they move to that role.',
        security: [{ bearer: [] }],
        params: RoleParamsSchema,
        querystring: DeleteRoleQuerySchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 409, 419, 422) },
      },
      config: { serverPermission: 'role.delete' },
    },
    async (request, reply) => {
      await deleteRole(app.db, sharingCallOf(request), request.params.role, request.query.reassign_to);
      return reply.code(204).send(null);
    },
  );
}
