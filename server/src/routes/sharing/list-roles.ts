import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerParamsSchema } from '../../schemas/servers';
import { listRoles } from '../../services/sharing/roles';
import { RoleRef } from '../../schemas/sharing';

/** GET /servers/{id}/roles: built-in roles, then the server's custom roles. */
export async function listRolesRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/roles',
    {
      schema: {
        operationId: 'listServerRoles',
        tags: ['sharing'],
        summary: 'Built-in and custom roles of this server',
        description:
          'Built-in roles (uuid null): viewer (console, state, files, configuration, backups, activity: read only), moderator (viewer plus ' +
          'console commands, start, stop, restart and players.manage) and admin (every key except user.* and role.*). They cannot be ' +
          'assigned or changed; copy them by creating a custom role with their permissions.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: Type.Array(RoleRef) }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'role.read' },
    },
    async (request) => ({ data: await listRoles(app.db, request.serverAccess!.server.id) }),
  );
}
