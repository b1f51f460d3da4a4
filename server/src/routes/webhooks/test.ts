import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { WebhookDeliveryRef, WebhookParamsSchema } from '../../schemas/webhooks';
import { deliveryView } from '../../services/webhooks/deliveryLog';

/** POST /servers/{id}/webhooks/{webhook}/test: sends the test event once and answers how it went. */
export async function testWebhookRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/webhooks/:webhook/test',
    {
      schema: {
        operationId: 'testServerWebhook',
        tags: ['webhooks'],
        summary: 'Send a test event to a webhook',
        description:
          'Needs webhook.manage. Sends the event `webhook.test` at once (one attempt, at most 10 s) and answers the delivery as the log records it: a receiver that fails is answered 200 with status `failed` and the reason.',
        security: [{ bearer: [] }],
        params: WebhookParamsSchema,
        response: { 200: Type.Object({ data: WebhookDeliveryRef }), ...errorResponses(401, 403, 404, 419, 429) },
      },
      config: { serverPermission: 'webhook.manage' },
    },
    async (request) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `webhook.test:${request.user!.id}:${server.uuid}`, limit: 10, windowMs: 60_000 });
      const delivery = await app.webhooks.test(server, request.params.webhook, { userId: request.user!.id, ip: request.ip });
      return { data: deliveryView(delivery) };
    },
  );
}
