import { Type, type Static, type TSchema } from 'typebox';
import { PlanRef } from './plans';
import { ServerRef } from './servers';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A game a customer may order: its templates and its plans with prices. */
const OrderableGameSchema = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  templates: Type.Array(Type.Object({ slug: Type.String(), name: Type.String(), description: Type.String() })),
  plans: Type.Array(PlanRef),
});

/** What the order page offers. */
export const OrderOptionsSchema = Type.Object({
  games: Type.Array(OrderableGameSchema),
  locations: Type.Array(Type.String(), { description: 'The nodes’ locations, when there are several to choose from (empty: placement chooses)' }),
  ordering_enabled: Type.Boolean({ description: 'false: the host has turned ordering off (an order answers 403)' }),
  order_limit: Type.Integer({ description: 'Orders one customer may place' }),
  orders_left: Type.Integer({ description: 'Orders this customer may still place (pending, paid and created ones count; failed and expired ones do not)' }),
  provider: Type.Union([Type.Literal('instant'), Type.Literal('external')], { description: '`external`: an order leads to the billing system’s checkout' }),
});
export type OrderOptionsJson = Static<typeof OrderOptionsSchema>;

export const CreateOrderBodySchema = Type.Object(
  {
    template: Type.String({ minLength: 1, maxLength: 48, description: 'A template slug of the options' }),
    plan: Type.String({ minLength: 1, maxLength: 64, description: 'A plan of the template’s game' }),
    name: Type.String({ minLength: 1, maxLength: 64, description: 'The new server’s name' }),
    location: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'One of the options’ locations; absent: any node with room' })),
  },
  { additionalProperties: false },
);
export type CreateOrderBody = Static<typeof CreateOrderBodySchema>;

/** An order as its customer sees it. */
export const OrderSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'The order id the billing system sees' }),
  template: Type.String(),
  plan: Type.String(),
  name: Type.String(),
  location: Nullable(Type.String()),
  provider: Type.Union([Type.Literal('instant'), Type.Literal('external')]),
  state: Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('created'), Type.Literal('failed'), Type.Literal('expired')], {
    description: '`pending`: waiting for payment until `expires_at`, then `expired`; `paid`: being created; `created`: the server exists; `failed`: see `failure_reason`',
  }),
  amount_due: Type.Integer({ description: 'The plan’s monthly price, minor units' }),
  currency: Type.String(),
  failure_reason: Nullable(Type.String()),
  server: Nullable(Type.String({ description: 'The new server’s identifier once created' })),
  created_at: Type.String({ format: 'date-time' }),
  expires_at: Type.String({ format: 'date-time', description: 'Until when a pending order may be paid' }),
});
export type OrderJson = Static<typeof OrderSchema>;

export const OrderListQuerySchema = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});
export const OrderListSchema = Type.Object({
  data: Type.Array(OrderSchema),
  meta: Type.Object({ total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() }),
});

export const OrderCreatedSchema = Type.Object({ data: Type.Object({ order: OrderSchema, server: ServerRef }) });
export const OrderCheckoutSchema = Type.Object({
  data: Type.Object({ order: OrderSchema, checkout_url: Type.String({ description: 'The billing system’s signed checkout; the customer goes there to pay' }) }),
});
