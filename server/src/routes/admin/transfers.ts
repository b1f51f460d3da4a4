import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/errors';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerParamsSchema } from '../../schemas/admin';
import { TransferBodySchema, TransferSchema } from '../../schemas/transfers';
import { requireServer } from '../../services/servers/findServer';
import { adminServiceActorOf } from './admin-auth';

const TransferAnswer = Type.Object({ data: Type.Object({ transfer: TransferSchema }) });
const security = [{ bearer: [] }];

/** Moving a server to another node through the admin API: start the move, follow it. */
export async function adminTransferRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/servers/:server/transfer',
    {
      schema: {
        operationId: 'transferAdminServer',
        tags: ['admin'],
        summary: 'Move a server to another node (a job: follow it with GET)',
        description:
          'Takes the target’s room and ports at once (the same port numbers where free there), then in the background: stops the server if it runs, streams its files to the target node, points its subdomain there, switches it over and starts it there when it ran. Any failure leaves the server whole on its old node. While it moves its state is `transferring`. 409 when a node is offline, the target has no room or the server is already moving; 422 for an unknown node or the node it is on.',
        security,
        params: ServerParamsSchema,
        body: TransferBodySchema,
        response: { 202: TransferAnswer, ...errorResponses(401, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const server = await requireServer(app.db, request.params.server);
      const transfer = await app.transfers.start(server, request.body.node, adminServiceActorOf(request));
      return reply.code(202).send({ data: { transfer } });
    },
  );
  r.get(
    '/servers/:server/transfer',
    {
      schema: {
        operationId: 'getAdminServerTransfer',
        tags: ['admin'],
        summary: 'The server’s last move to another node and its progress',
        description: 'Kept across panel restarts; 404 when the server has never been moved.',
        security,
        params: ServerParamsSchema,
        response: { 200: TransferAnswer, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => {
      const server = await requireServer(app.db, request.params.server);
      const transfer = await app.transfers.view(server);
      if (!transfer) throw notFound('Transfer');
      return { data: { transfer } };
    },
  );
}
