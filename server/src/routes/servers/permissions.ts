import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { permissionGroups } from '../../schemas/permissions';

const PermissionGroupSchema = Type.Object({
  group: Type.String(),
  description: Type.String(),
  keys: Type.Array(Type.Object({ key: Type.String({ description: 'e.g. control.console' }), description: Type.String() })),
  available: Type.Boolean({ description: 'Whether the area works yet (some route of the panel checks one of its keys); areas still being set up are false' }),
});

/**
 * The areas whose permissions control something: those with a key that a server route requires.
 * Read from the routes themselves, so an area becomes available with its first route.
 */
function availableGroups(app: FastifyInstance): Set<string> {
  const groups = new Set<string>();
  for (const { permission } of app.serverScopedRoutes) {
    if (typeof permission === 'string') groups.add(permission.split('.')[0]);
  }
  return groups;
}

/** GET /permissions: every permission key by area, with descriptions and whether the area works yet (for sharing screens). */
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
    async () => {
      const available = availableGroups(app);
      return {
        data: Object.entries(permissionGroups).map(([group, { description, keys }]) => ({
          group,
          description,
          keys: Object.entries(keys).map(([action, text]) => ({ key: `${group}.${action}`, description: text })),
          available: available.has(group),
        })),
      };
    },
  );
}
