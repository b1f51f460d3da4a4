import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { FileParamsSchema } from '../../schemas/extensions';
import { actorOf } from './responses';

/** DELETE /servers/{id}/extensions/installed/{file}: removes an installed plugin or mod file. */
export async function removeExtensionRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().delete(
    '/:id/extensions/installed/:file',
    {
      schema: {
        operationId: 'removeServerExtension',
        tags: ['extensions'],
        summary: 'Remove an installed plugin or mod file',
        description: 'Its configuration folder stays. Needs extensions.manage; audited (server.extensions.remove).',
        security: [{ bearer: [] }],
        params: FileParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 409, 419, 422) },
      },
      config: { serverPermission: 'extensions.manage' },
    },
    async (request, reply) => {
      await app.extensions.remove(request.serverAccess!.server, request.params.file, actorOf(request));
      return reply.code(204).send(null);
    },
  );
}
