import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { ServerParamsSchema } from '../../schemas/servers';
import { CreateWebhookBodySchema, WebhookWithSecretSchema } from '../../schemas/webhooks';
import { webhookView } from '../../services/webhooks/webhookView';
import { WEBHOOK_WRITES } from './write-limit';

/** POST /servers/{id}/webhooks: a new webhook; a JSON hook's generated secret is answered this once. */
export async function createWebhookRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/webhooks',
    {
      schema: {
        operationId: 'createServerWebhook',
        tags: ['webhooks'],
        summary: 'Add a webhook',
        description:
          'Needs webhook.manage. The URL must reach a public address (loopback, private and link-local ones are refused unless the host allows them in PANEL_WEBHOOK_ALLOW_HOSTS). JSON hooks are signed: `X-Panel-Signature: sha256=<hex HMAC-SHA256 of "<X-Panel-Timestamp>.<raw body>">`, with `X-Panel-Event-Id` for deduplication; the secret is generated when not given and answered only here. At most 10 per server (409).',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: CreateWebhookBodySchema,
        response: { 201: WebhookWithSecretSchema, ...errorResponses(401, 403, 404, 409, 419, 422, 429) },
      },
      attachValidation: true,
      config: { serverPermission: 'webhook.manage' },
    },
    async (request, reply) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `webhook.write:${request.user!.id}:${server.uuid}`, ...WEBHOOK_WRITES });
      const saved = await app.webhooks.create(server, request.body, { userId: request.user!.id, ip: request.ip });
      return reply.code(201).send({ data: webhookView(saved.hook), ...(saved.secret ? { secret: saved.secret } : {}) });
    },
  );
}
