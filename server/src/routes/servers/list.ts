import { serverApiState } from '../../services/nodes/serverApiState';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerRef } from '../../schemas/servers';
import { toServerJson, visibleServerViews } from '../../services/servers/serverView';

/** GET /servers: the servers the caller owns or that are shared with them. */
export async function listServersRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/',
    {
      schema: {
        operationId: 'listServers',
        tags: ['servers'],
        summary: 'The servers the caller owns or can use',
        security: [{ bearer: [] }],
        response: { 200: Type.Object({ data: Type.Array(ServerRef) }), ...errorResponses(401) },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const user = request.user!;
      const rows = await visibleServerViews(app.db, user);
      return { data: rows.map(({ view, permissions }) => toServerJson(view, serverApiState(app.runtime, view.server, app.transfers), user.id, permissions, app.sleep.isSleeping(view.server.uuid))) };
    },
  );
}
