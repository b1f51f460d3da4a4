import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerParamsSchema } from '../../schemas/servers';
import { createRole } from '../../services/sharing/manageRoles';
import { sharingCallOf } from './sharing-call';
import { CreateRoleBodySchema, RoleRef } from '../../schemas/sharing';

/** POST /servers/{id}/roles: a custom role (also how a built-in role is copied). */
export async function createRoleRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/:id/roles',
    {
      schema: {
        operationId: 'createServerRole',
        tags: ['sharing'],
        summary: 'Create a custom role',
        description: '403 names a key the caller does not hold; 422 for unknown keys or a name already used on this server.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: CreateRoleBodySchema,
        response: { 201: Type.Object({ data: RoleRef }), ...errorResponses(401, 403, 404, 419, 422) },
      },
      config: { serverPermission: 'role.create' },
    },
    async (request, reply) => reply.code(201).send({ data: await createRole(app.db, sharingCallOf(request), request.body) }),
  );
}
