import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { WebhookParamsSchema } from '../../schemas/webhooks';
import { WEBHOOK_WRITES } from './write-limit';

/** DELETE /servers/{id}/webhooks/{webhook}: the hook and its delivery log; planned retries stop. */
export async function deleteWebhookRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().delete(
    '/servers/:id/webhooks/:webhook',
    {
      schema: {
        operationId: 'deleteServerWebhook',
        tags: ['webhooks'],
        summary: 'Delete a webhook',
        description: 'Needs webhook.manage.',
        security: [{ bearer: [] }],
        params: WebhookParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 419, 429) },
      },
      config: { serverPermission: 'webhook.manage' },
    },
    async (request, reply) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `webhook.write:${request.user!.id}:${server.uuid}`, ...WEBHOOK_WRITES });
      await app.webhooks.remove(server, request.params.webhook, { userId: request.user!.id, ip: request.ip });
      return reply.code(204).send(null);
    },
  );
}
