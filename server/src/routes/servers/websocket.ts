import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerParamsSchema } from '../../schemas/servers';
import { issueTicket } from './socket/websocket-ticket';

/** The socket URL as the caller reached us (same host, ws or wss). */
function socketUrl(request: FastifyRequest, identifier: string): string {
  const scheme = request.protocol === 'https' ? 'wss' : 'ws';
  return `${scheme}://${request.host}/api/v2/servers/${identifier}/ws`;
}

/** GET /servers/{id}/websocket: a short-lived ticket for the console socket. */
export async function websocketTicketRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/websocket',
    {
      schema: {
        operationId: 'getServerWebsocket',
        tags: ['servers'],
        summary: 'A ticket for the live console socket',
        description:
          'Needs websocket.connect. The ticket is valid for 10 minutes and bound to this server, the caller and their access token. ' +
          'Open `socket` and send `{"event":"auth","args":[token]}`; frames are JSON `{event, args}`. From the server: auth success, ' +
          'console output [line], status [state], stats [ServerResources], install [{status, error}], token expiring, token expired, ' +
          'daemon error [message]. From the client: send command [line], set state [start|stop|restart|kill], send logs, send stats. ' +
          'Close codes: 1008 too many messages, 1009 frame too large, 4001 authentication failed, 4002 ticket expired, 4003 access revoked, 4004 server suspended or deleted.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: {
          200: Type.Object({ data: Type.Object({ token: Type.String(), socket: Type.String({ description: 'ws:// or wss:// URL of the socket' }) }) }),
          ...errorResponses(401, 403, 404),
        },
      },
      config: { serverPermission: 'websocket.connect' },
    },
    async (request) => {
      const server = request.serverAccess!.server;
      const { token } = issueTicket(app.config.secret, { s: server.uuid, u: request.user!.id, t: request.accessTokenId ?? 0, ...(request.apiKey ? { k: request.apiKey.id } : {}) });
      return { data: { token, socket: socketUrl(request, server.shortId) } };
    },
  );
}
