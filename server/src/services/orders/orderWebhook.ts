import { and, eq } from 'drizzle-orm';
import { billingWebhookEvents, orders, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { BillingEvent } from '../plans/billing/BillingProvider';
import { recordAudit } from '../audit/audit';
import type { OrderContext } from './OrderContext';
import { failOrder, orderJson } from './orderRecords';
import { fulfilOrder } from './placeOrder';
import type { OrderJson } from '../../schemas/orders';

/** Whether the billing event's order id is a server order (else it is a plan change's). */
export async function isServerOrder(context: OrderContext, orderId: string): Promise<boolean> {
  const [row] = await context.provisioning.db.select({ id: orders.id }).from(orders).where(eq(orders.uuid, orderId));
  return row !== undefined;
}

/**
 * The billing system's verdict on a server order, already verified. Each event id is accepted once
 * (a replay: 409, nothing happens). 'paid' claims the pending order (pending → paid in one update,
 * so two different paid events create one server) and creates the server; no room any more fails
 * the order (409, the host refunds). 'failed' fails it. An order no longer pending is answered as
 * it is; an expired one is refused (409).
 */
export async function handleOrderBillingEvent(context: OrderContext, event: BillingEvent, now = new Date()): Promise<{ order: string; status: OrderJson['state']; changed: boolean }> {
  const { db } = context.provisioning;
  const [order] = await db.select().from(orders).where(eq(orders.uuid, event.orderId));
  const [recorded] = await db.insert(billingWebhookEvents).values({ eventId: event.eventId, orderUuid: order.uuid }).onConflictDoNothing().returning();
  if (!recorded) throw new HttpError(409, 'This webhook event was already received (replay).');
  if (order.state !== 'pending') return { order: order.uuid, status: (await orderJson(db, order)).state, changed: false };
  if (order.expiresAt.getTime() < now.getTime()) throw new HttpError(409, 'The order has expired.');
  if (event.status === 'failed') {
    const reason = event.reason ?? 'The payment failed.';
    await failOrder(db, order, reason);
    await recordAudit(db, { actorId: null, event: 'order.failed', ip: null, properties: { order: order.uuid, reason } });
    return { order: order.uuid, status: 'failed', changed: true };
  }
  const [claimed] = await db
    .update(orders)
    .set({ state: 'paid', paidAt: now, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.state, 'pending')))
    .returning();
  if (!claimed) return { order: order.uuid, status: 'paid', changed: false };
  const [owner] = await db.select().from(users).where(eq(users.id, order.userId));
  try {
    await fulfilOrder(context, claimed, owner, { userId: null, ip: null });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) throw new HttpError(409, `The order was paid but could not be fulfilled: ${error.message}`);
    throw error;
  }
  return { order: order.uuid, status: 'created', changed: true };
}
