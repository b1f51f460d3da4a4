import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ApplySetupBodySchema, SetupParamsSchema } from '../../schemas/setups';
import { SwitchJobSchema } from '../../schemas/versions';
import { BadGateway, Unavailable } from './responses';

/** POST /servers/{id}/setups/{setup}/apply: applies a setup as a job that rolls back on failure. */
export async function applySetupRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/:id/setups/:setup/apply',
    {
      schema: {
        operationId: 'applyServerSetup',
        tags: ['setups'],
        summary: 'Apply a setup',
        description:
          'Runs as a job (202, progress as `version switch` socket events): stop, backup, extensions downloaded and hash-verified, software, extensions placed in plugins/ or mods/, config values, world kept or reset (reset_world), start again if it was running; any failure rolls everything back. An extension that cannot be resolved → 422 (503 when its catalogue cannot be reached), nothing changed. 409 while a switch or setup runs. Needs setups.apply; audited.',
        security: [{ bearer: [] }],
        params: SetupParamsSchema,
        body: ApplySetupBodySchema,
        response: { 202: Type.Object({ data: SwitchJobSchema }), ...errorResponses(401, 403, 404, 409, 419, 422, 429), 502: BadGateway, 503: Unavailable },
      },
      config: { serverPermission: 'setups.apply' },
    },
    async (request, reply) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `setups.apply:${request.user!.id}:${server.uuid}`, limit: 10, windowMs: 60_000 });
      const job = await app.setups.apply(server, request.params.setup, request.body.reset_world, { userId: request.user!.id, ip: request.ip });
      return reply.code(202).send({ data: job });
    },
  );
}
