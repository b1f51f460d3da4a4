import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { updateRole } from '../../services/sharing/manageRoles';
import { sharingCallOf } from './sharing-call';
import { RoleParamsSchema, RoleRef, UpdateRoleBodySchema } from '../../schemas/sharing';

/** PATCH /servers/{id}/roles/{role}: rename a custom role or change its keys. */
export async function updateRoleRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().patch(
    '/:id/roles/:role',
    {
      schema: {
        operationId: 'updateServerRole',
        tags: ['sharing'],
        summary: 'Change a custom role',
        description: 'Every member’s access changes at once. 403 names an added key the caller does not hold.',
        security: [{ bearer: [] }],
        params: RoleParamsSchema,
        body: UpdateRoleBodySchema,
        response: { 200: Type.Object({ data: RoleRef }), ...errorResponses(401, 403, 404, 419, 422) },
      },
      config: { serverPermission: 'role.update' },
    },
    async (request) => ({ data: await updateRole(app.db, sharingCallOf(request), request.params.role, request.body) }),
  );
}
