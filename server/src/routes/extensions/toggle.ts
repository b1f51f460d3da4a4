import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FileParamsSchema, InstalledExtensionSchema, ToggleBodySchema } from '../../schemas/extensions';
import { actorOf } from './responses';

/** PATCH /servers/{id}/extensions/installed/{file}: enables or disables an installed plugin or mod. */
export async function toggleExtensionRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().patch(
    '/:id/extensions/installed/:file',
    {
      schema: {
        operationId: 'toggleServerExtension',
        tags: ['extensions'],
        summary: 'Enable or disable an installed plugin or mod (renames it to or from .disabled)',
        description: 'Takes effect at the next start. Needs extensions.manage; audited (server.extensions.enable / disable).',
        security: [{ bearer: [] }],
        params: FileParamsSchema,
        body: ToggleBodySchema,
        response: { 200: Type.Object({ data: InstalledExtensionSchema }), ...errorResponses(401, 403, 404, 409, 419, 422) },
      },
      config: { serverPermission: 'extensions.manage' },
    },
    async (request) => ({ data: await app.extensions.toggle(request.serverAccess!.server, request.params.file, request.body.enabled, actorOf(request)) }),
  );
}
