import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerParamsSchema } from '../../schemas/servers';
import { WEBHOOK_LIMITS, WebhookRef } from '../../schemas/webhooks';
import { panelEventNames, PanelEventNameSchema } from '../../schemas/panelEvents';
import { webhookView } from '../../services/webhooks/webhookView';

/** GET /servers/{id}/webhooks: the server's webhooks (never their secrets) and the events they can hear. */
export async function listWebhooksRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/servers/:id/webhooks',
    {
      schema: {
        operationId: 'listServerWebhooks',
        tags: ['webhooks'],
        summary: 'List the server’s webhooks',
        description: 'Needs webhook.manage. `meta.events` lists every event name a webhook can subscribe to.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: {
          200: Type.Object({ data: Type.Array(WebhookRef), meta: Type.Object({ events: Type.Array(PanelEventNameSchema), limit: Type.Integer() }) }),
          ...errorResponses(401, 403, 404),
        },
      },
      config: { serverPermission: 'webhook.manage' },
    },
    async (request) => {
      const hooks = await app.webhooks.list(request.serverAccess!.server);
      return { data: hooks.map(webhookView), meta: { events: [...panelEventNames], limit: WEBHOOK_LIMITS.perServer } };
    },
  );
}
