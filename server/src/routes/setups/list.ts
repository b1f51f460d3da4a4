import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import type { SetupSchema } from '../../schemas/setups';
import { ServerParamsSchema } from '../../schemas/servers';

type SetupJson = Static<typeof SetupSchema>;

/** GET /servers/{id}/setups: the ready-made setups for the server’s game. */
export async function listSetupsRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/setups',
    {
      schema: {
        operationId: 'listServerSetups',
        tags: ['setups'],
        summary: "Ready-made setups for the server's game",
        description: 'Setups that install plugins or mods are offered where the server can run the software they switch to. Needs setups.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: Type.Array(Type.Unsafe<SetupJson>(Type.Ref('Setup'))) }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'setups.read' },
    },
    async (request) => ({ data: await app.setups.list(request.serverAccess!.server) }),
  );
}
