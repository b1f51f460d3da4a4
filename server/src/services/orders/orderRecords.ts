import { and, count, desc, eq, gt, inArray, or } from 'drizzle-orm';
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

/** A pending order nobody paid in time reads as expired (nothing rewrites the row for that). */
function stateOf(order: OrderRow, now: Date): OrderJson['state'] {
  if (order.state === 'pending' && order.expiresAt.getTime() < now.getTime()) return 'expired';
  return order.state as OrderJson['state'];
}

function toOrderJson(order: OrderRow, planSlug: string | null, serverIdentifier: string | null, now = new Date()): OrderJson {
  return {
    id: order.uuid,
    template: order.template,
    plan: planSlug ?? '',
    name: order.name,
    location: order.location,
    provider: order.provider === 'external' ? 'external' : 'instant',
    state: stateOf(order, now),
    amount_due: order.amountDue,
    currency: order.currency,
    failure_reason: order.failureReason,
    server: serverIdentifier,
    created_at: order.createdAt.toISOString(),
    expires_at: order.expiresAt.toISOString(),
  };
}

/** An order as its customer sees it. */
export async function orderJson(db: Database, order: OrderRow): Promise<OrderJson> {
  const [plan] = await db.select({ slug: plans.slug }).from(plans).where(eq(plans.id, order.planId));
  const [server] = order.serverId ? await db.select({ shortId: servers.shortId }).from(servers).where(eq(servers.id, order.serverId)) : [];
  return toOrderJson(order, plan?.slug ?? null, server?.shortId ?? null);
}

/** One page of a customer's own orders, newest first, each with its plan and the server it made. */
export async function listCustomerOrders(db: Database, userId: number, page: { limit: number; offset: number }): Promise<{ rows: OrderJson[]; total: number }> {
  const found = await db
    .select({ order: orders, plan: plans.slug, server: servers.shortId })
    .from(orders)
    .innerJoin(plans, eq(plans.id, orders.planId))
    .leftJoin(servers, eq(servers.id, orders.serverId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total }] = await db.select({ total: count() }).from(orders).where(eq(orders.userId, userId));
  const now = new Date();
  return { rows: found.map((row) => toOrderJson(row.order, row.plan, row.server, now)), total };
}

/** Marks an order failed (only from the state it is in), with the reason the customer and the host see. */
export async function failOrder(db: Database, order: OrderRow, reason: string): Promise<void> {
  await db
    .update(orders)
    .set({ state: 'failed', failureReason: reason.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.state, order.state)));
}
