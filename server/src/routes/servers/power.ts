import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { PowerBodySchema, ServerParamsSchema } from '../../schemas/servers';
import { powerPermission, runPowerAction } from '../../services/servers/serverActions';
import { provisioningOf } from '../../plugins/provisioning';
import type { PowerSignal } from '../../runtime/types';

/** POST /servers/{id}/power: start, stop, restart or kill. */
export async function powerServerRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/:id/power',
    {
      schema: {
        operationId: 'sendServerPower',
        tags: ['servers'],
        summary: 'Start, stop, restart or kill the server',
        description:
          'Answers once the action is under way; follow the state on the console socket. start needs control.start, stop and kill control.stop, restart control.restart. 409 when the server is suspended, installing, failed to install, over its disk limit or already running.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: PowerBodySchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 409, 419, 422) },
      },
      config: { serverPermission: (request) => powerPermission((request.body as { signal: PowerSignal }).signal) },
    },
    async (request, reply) => {
      await runPowerAction(provisioningOf(app), request.serverAccess!.server, { userId: request.user!.id, ip: request.ip }, request.body.signal);
      return reply.code(204).send(null);
    },
  );
}
