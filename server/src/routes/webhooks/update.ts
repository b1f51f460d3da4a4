import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { UpdateWebhookBodySchema, WebhookParamsSchema, WebhookWithSecretSchema } from '../../schemas/webhooks';
import { webhookView } from '../../services/webhooks/webhookView';
import { WEBHOOK_WRITES } from './write-limit';

/** PATCH /servers/{id}/webhooks/{webhook}: change fields; a new secret is never answered back. */
export async function updateWebhookRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().patch(
    '/servers/:id/webhooks/:webhook',
    {
      schema: {
        operationId: 'updateServerWebhook',
        tags: ['webhooks'],
        summary: 'Change a webhook',
        description:
          'Needs webhook.manage. The same rules as when adding. A `secret` given replaces the signing secret; a Discord hook turned into a JSON one gets a generated secret, answered only in this response.',
        security: [{ bearer: [] }],
        params: WebhookParamsSchema,
        body: UpdateWebhookBodySchema,
        response: { 200: WebhookWithSecretSchema, ...errorResponses(401, 403, 404, 419, 422, 429) },
      },
      attachValidation: true,
      config: { serverPermission: 'webhook.manage' },
    },
    async (request) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `webhook.write:${request.user!.id}:${server.uuid}`, ...WEBHOOK_WRITES });
      const saved = await app.webhooks.update(server, request.params.webhook, request.body, { userId: request.user!.id, ip: request.ip });
      return { data: webhookView(saved.hook), ...(saved.secret ? { secret: saved.secret } : {}) };
    },
  );
}
