import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { panelUrl } from '../../lib/panelUrl';
import { permissionKeys } from '../../schemas/permissions';
import { CreateOrderBodySchema, OrderCheckoutSchema, OrderCreatedSchema, OrderListQuerySchema, OrderListSchema, OrderOptionsSchema } from '../../schemas/orders';
import { provisioningOf } from '../../plugins/provisioning';
import { serverApiState } from '../../services/nodes/serverApiState';
import type { OrderContext } from '../../services/orders/OrderContext';
import { orderOptions } from '../../services/orders/orderOptions';
import { listCustomerOrders, orderJson } from '../../services/orders/orderRecords';
import { placeOrder } from '../../services/orders/placeOrder';
import { serverViewById, toServerJson } from '../../services/servers/serverView';

/** Orders a customer may send in a row (a second tab, a double click), per account. */
const ORDERS_PER_USER = { limit: 5, windowMs: 60_000 };

/** Customers ordering servers under /api/v2/orders (tag `orders`). */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const context = (): OrderContext => ({ provisioning: provisioningOf(app), settings: app.panelSettings });

  r.get(
    '/',
    {
      schema: {
        operationId: 'listOrders',
        tags: ['orders'],
        summary: 'The caller’s own orders, newest first, with their state and the server each one made',
        security: [{ bearer: [] }],
        querystring: OrderListQuerySchema,
        response: { 200: OrderListSchema, ...errorResponses(401, 422) },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const { rows, total } = await listCustomerOrders(app.db, request.user!.id, { limit: perPage, offset: (page - 1) * perPage });
      return { data: rows, meta: { total, page, per_page: perPage } };
    },
  );
  r.get(
    '/options',
    {
      schema: {
        operationId: 'getOrderOptions',
        tags: ['orders'],
        summary: 'What the caller may order: games with templates and plans, locations, whether ordering is open, orders left',
        security: [{ bearer: [] }],
        response: { 200: OrderOptionsSchema, ...errorResponses(401) },
      },
      preHandler: app.authenticate,
    },
    async (request) => orderOptions(context(), request.user!.id),
  );
  r.post(
    '/',
    {
      schema: {
        operationId: 'createOrder',
        tags: ['orders'],
        summary: 'Order a server',
        description:
          'Instant billing: 201 with the new server, placed on a node and installing (it starts once installed). External billing: 202 with the billing system’s signed checkout (payload with `order_id`, signed like a plan change’s); its webhook creates the server once. 403 when ordering is off or the caller has no orders left, 409 when no node has room, 422 per field.',
        security: [{ bearer: [] }],
        body: CreateOrderBodySchema,
        response: { 201: OrderCreatedSchema, 202: OrderCheckoutSchema, ...errorResponses(401, 403, 409, 419, 422, 429) },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const user = request.user!;
      await app.rateLimit({ key: `order:${user.id}`, ...ORDERS_PER_USER });
      const outcome = await placeOrder(context(), user, request.body, { userId: user.id, ip: request.ip }, `${panelUrl(request)}/`);
      const order = await orderJson(app.db, outcome.order);
      if (outcome.kind === 'checkout') return reply.code(202).send({ data: { order, checkout_url: outcome.checkoutUrl } });
      const view = await serverViewById(app.db, outcome.server.id);
      if (!view) throw new Error(`the ordered server ${outcome.server.id} is gone`);
      // Answered as created (installing), as the admin's creation answers: a small game may finish installing before this read.
      view.server = { ...view.server, installStatus: outcome.server.installStatus };
      const server = toServerJson(view, serverApiState(app.runtime, view.server, app.transfers), user.id, [...permissionKeys]);
      return reply.code(201).send({ data: { order: { ...order, state: 'created', server: view.server.shortId }, server } });
    },
  );
}
