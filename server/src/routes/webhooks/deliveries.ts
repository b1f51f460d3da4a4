import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { WebhookDeliveryRef, WebhookParamsSchema } from '../../schemas/webhooks';
import { deliveryView } from '../../services/webhooks/deliveryLog';

/** GET /servers/{id}/webhooks/{webhook}/deliveries: the newest delivery attempts. */
export async function listWebhookDeliveriesRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/servers/:id/webhooks/:webhook/deliveries',
    {
      schema: {
        operationId: 'listServerWebhookDeliveries',
        tags: ['webhooks'],
        summary: 'The delivery log of a webhook',
        description: 'Needs webhook.manage. Every attempt, newest first (the newest 100 are kept): status, response code, attempt, error and duration.',
        security: [{ bearer: [] }],
        params: WebhookParamsSchema,
        response: { 200: Type.Object({ data: Type.Array(WebhookDeliveryRef) }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'webhook.manage' },
    },
    async (request) => {
      const rows = await app.webhooks.deliveries(request.serverAccess!.server, request.params.webhook);
      return { data: rows.map(deliveryView) };
    },
  );
}
