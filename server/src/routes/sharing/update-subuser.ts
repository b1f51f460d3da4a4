import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { grantFromBody } from '../../services/sharing/grantFromBody';
import { updateSubuser } from '../../services/sharing/changeSubuser';
import { sharingCallOf } from './sharing-call';
import { SubuserParamsSchema, SubuserRef, UpdateSubuserBodySchema } from '../../schemas/sharing';

/** PATCH /servers/{id}/users/{subuser}: another role or other explicit permissions. */
export async function updateSubuserRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().patch(
    '/:id/users/:subuser',
    {
      schema: {
        operationId: 'updateServerSubuser',
        tags: ['sharing'],
        summary: 'Change what someone may do on this server',
        description:
          'Exactly one of role_uuid and permissions. Takes effect at once (their next call, their console within seconds). ' +
          '403 names a newly granted key the caller does not hold, or when the caller edits their own share.',
        security: [{ bearer: [] }],
        params: SubuserParamsSchema,
        body: UpdateSubuserBodySchema,
        response: { 200: Type.Object({ data: SubuserRef }), ...errorResponses(401, 403, 404, 419, 422) },
      },
      config: { serverPermission: 'user.update' },
    },
    async (request) => {
      const grant = await grantFromBody(app.db, request.serverAccess!.server.id, request.body);
      return { data: await updateSubuser(app.db, sharingCallOf(request), request.params.subuser, grant) };
    },
  );
}
