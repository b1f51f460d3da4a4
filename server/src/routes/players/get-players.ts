import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerParamsSchema } from '../../schemas/servers';
import type { PlayersOverviewJson } from '../../schemas/players';

/** GET /servers/{id}/players: who is online and the whitelist, operators and bans. */
export async function getPlayersRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/players',
    {
      schema: {
        operationId: 'getServerPlayers',
        tags: ['players'],
        summary: 'Players online, whitelist, operators and bans',
        description:
          'The lists come from the game’s own files (whitelist.json, ops.json, banned-players.json, banned-ips.json), so they are there while the server is stopped too; the online list comes from the game server itself. Other games answer supported=false with the reason. Needs players.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: Type.Unsafe<PlayersOverviewJson>(Type.Ref('PlayersOverview')) }), ...errorResponses(401, 403, 404, 409) },
      },
      config: { serverPermission: 'players.read' },
    },
    async (request) => ({ data: await app.players.overview(request.serverAccess!.server) }),
  );
}
