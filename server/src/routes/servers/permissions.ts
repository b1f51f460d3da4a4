import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { permissionGroups } from '../../permissions/permissionKeys';

const PermissionGroupSchema = Type.Object({
  group: Type.String(),
  description: Type.String(),
  keys: Type.Array(Type.Object({ key: Type.String({ description: 'e.g. control.console' }), description: Type.String() })),
});

/** GET /permissions: every permission key by area, with descriptions (for sharing screens). */
export async function permissionsRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/permissions',
    {
      schema: {
        operationId: 'listPermissionKeys',
        tags: ['servers'],
        summary: 'Every permission key a server can be shared with, grouped by area',
        security: [{ bearer: [] }],
        response: { 200: Type.Object({ data: Type.Array(PermissionGroupSchema) }), ...errorResponses(401) },
      },
      preHandler: app.authenticate,
    },
    async () => ({
      data: Object.entries(permissionGroups).map(([group, { description, keys }]) => ({
        group,
        description,
        keys: Object.entries(keys).map(([action, text]) => ({ key: `${group}.${action}`, description: text })),
      })),
    }),
  );
}
