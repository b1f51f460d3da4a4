import type { FastifyInstance } from 'fastify';
import { WebhookDeliverySchema, WebhookSchema } from '../../schemas/webhooks';
import { listWebhooksRoute } from './list';
import { createWebhookRoute } from './create';
import { updateWebhookRoute } from './update';
import { deleteWebhookRoute } from './delete';
import { testWebhookRoute } from './test';
import { listWebhookDeliveriesRoute } from './deliveries';

/** Shared schema components `Webhook` and `WebhookDelivery`. */
export function addWebhookSchemas(app: FastifyInstance): void {
  app.addSchema(WebhookSchema);
  app.addSchema(WebhookDeliverySchema);
}

/** A server's webhooks under /api/v2/servers/{id}/webhooks (tag `webhooks`); every route needs webhook.manage. */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  await app.register(listWebhooksRoute);
  await app.register(createWebhookRoute);
  await app.register(updateWebhookRoute);
  await app.register(deleteWebhookRoute);
  await app.register(testWebhookRoute);
  await app.register(listWebhookDeliveriesRoute);
}
