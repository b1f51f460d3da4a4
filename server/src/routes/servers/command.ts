import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { CommandBodySchema, ServerParamsSchema } from '../../schemas/servers';
import { runServerCommand } from '../../services/servers/serverActions';
import { provisioningOf } from '../../plugins/provisioning';

/** POST /servers/{id}/command: one line to the server's console. */
export async function sendCommandRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/:id/command',
    {
      schema: {
        operationId: 'sendServerCommand',
        tags: ['servers'],
        summary: 'Send a console command (no leading slash)',
        description: 'Needs control.console. 409 when the server is offline or suspended.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: CommandBodySchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 409, 419, 422) },
      },
      config: { serverPermission: 'control.console' },
    },
    async (request, reply) => {
      await runServerCommand(provisioningOf(app), request.serverAccess!.server, { userId: request.user!.id, ip: request.ip }, request.body.command);
      return reply.code(204).send(null);
    },
  );
}
