import { and, count, eq, gt, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, plans, servers, type OrderRow } from '../../db/schema';
import type { OrderJson } from '../../schemas/orders';

/** Orders that count against the customer's limit: paid or created, and pending ones not yet expired. */
export async function countedOrders(db: Database, userId: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), or(inArray(orders.state, ['paid', 'created']), and(eq(orders.state, 'pending'), gt(orders.expiresAt, now)))));
  return Number(row?.n ?? 0);
}

/** An order as its customer sees it. */
export async function orderJson(db: Database, order: OrderRow): Promise<OrderJson> {
  const [plan] = await db.select({ slug: plans.slug }).from(plans).where(eq(plans.id, order.planId));
  const [server] = order.serverId ? await db.select({ shortId: servers.shortId }).from(servers).where(eq(servers.id, order.serverId)) : [];
  return {
    id: order.uuid,
    template: order.template,
    plan: plan?.slug ?? '',
    name: order.name,
    location: order.location,
    provider: order.provider === 'external' ? 'external' : 'instant',
    state: order.state as OrderJson['state'],
    amount_due: order.amountDue,
    currency: order.currency,
    failure_reason: order.failureReason,
    server: server?.shortId ?? null,
    created_at: order.createdAt.toISOString(),
  };
}

/** Marks an order failed (only from the state it is in), with the reason the customer and the host see. */
export async function failOrder(db: Database, order: OrderRow, reason: string): Promise<void> {
  await db
    .update(orders)
    .set({ state: 'failed', failureReason: reason.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.state, order.state)));
}
