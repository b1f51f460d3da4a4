import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { PlanConflictSchema } from '../../schemas/plans';
import { PlanDoesNotFitError, handleBillingEvent, type PlanContext } from '../../services/plans/planChanges';
import { billingProviderFor, type OrderContext } from '../../services/orders/OrderContext';
import { handleOrderBillingEvent, isServerOrder } from '../../services/orders/orderWebhook';
import { provisioningOf } from '../../plugins/provisioning';

const WEBHOOKS_PER_IP = { limit: 120, windowMs: 60_000 };

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received (the webhook's signature covers these bytes). */
    rawBody?: string;
  }
}

/**
 * POST /billing/webhook: the billing system confirms (paid) or fails an order. Authenticated by
 * its HMAC signature over the raw body, not by a login.
 */
export async function billingWebhookRoute(app: FastifyInstance, { context }: { context: PlanContext }): Promise<void> {
  // The signature covers the exact bytes: keep them next to the parsed body (this scope only).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, {});
    }
  });
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/webhook',
    {
      schema: {
        operationId: 'receiveBillingWebhook',
        tags: ['billing'],
        summary: 'The billing system reports an order paid or failed',
        description:
          'Headers `X-Panel-Timestamp` (unix seconds) and `X-Panel-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" under PANEL_BILLING_SECRET>`; body `{ event_id, order_id, status: "paid"|"failed", reason? }`; `order_id` is a plan change’s or a server order’s (a paid server order creates the server, once). A bad signature or a timestamp outside the tolerance → 401; an event id received before (replay) or an expired order → 409; nothing changes then. An order already completed or failed is answered as it is (idempotent).',
        body: Type.Object({}, { additionalProperties: true }),
        response: {
          200: Type.Object({ order: Type.String(), status: Type.String(), changed: Type.Boolean() }),
          409: Type.Union([PlanConflictSchema, Type.Object({ message: Type.String() })]),
          ...errorResponses(401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      await app.rateLimit({ key: `billing-webhook:${request.ip}`, ...WEBHOOKS_PER_IP });
      // Verified with the configured billing system even while the admin settings say instant: orders
      // handed over before a switch still complete.
      const event = billingProviderFor('external', app.config.billing).verifyWebhook(request.headers, request.rawBody ?? '');
      const orders: OrderContext = { provisioning: provisioningOf(app), settings: app.panelSettings };
      try {
        if (await isServerOrder(orders, event.orderId)) return await handleOrderBillingEvent(orders, event);
        return await handleBillingEvent(context, event);
      } catch (error) {
        if (error instanceof PlanDoesNotFitError) return reply.code(409).send({ message: error.message, blockers: error.blockers });
        throw error;
      }
    },
  );
}
