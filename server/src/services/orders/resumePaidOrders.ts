import { and, eq, gte, isNull, lt, notExists } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingWebhookEvents, orders, servers, users, type OrderRow } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import type { OrderContext } from './OrderContext';
import { fulfilOrder } from './placeOrder';

/** The panel itself resumes these orders: no account, no address. */
const PANEL = { userId: null, ip: null };

/**
 * How long a start-up's claim on an order keeps other panels off it: far longer than creating a
 * server takes, so a second panel starting meanwhile leaves it alone; a claim older than this was
 * left by a panel that stopped again, and the order is taken up anew.
 */
export const RESUME_CLAIM_MS = 2 * 60_000;

interface ResumeLog {
  warn(details: object, message: string): void;
}

/**
 * The server made for the order before the panel stopped, when it stopped between creating the
 * server and marking the order created: the owner's server of the order's name and plan, made
 * after the payment, that no order claims. Linking it keeps a restart from making a second one.
 */
async function serverMadeBeforeTheStop(context: OrderContext, order: OrderRow): Promise<{ id: number; uuid: string } | undefined> {
  const { db } = context.provisioning;
  const [made] = await db
    .select({ id: servers.id, uuid: servers.uuid })
    .from(servers)
    .where(
      and(
        eq(servers.ownerId, order.userId),
        eq(servers.name, order.name),
        eq(servers.planId, order.planId),
        gte(servers.createdAt, order.paidAt ?? order.createdAt),
        notExists(db.select({ id: orders.id }).from(orders).where(eq(orders.serverId, servers.id))),
      ),
    )
    .limit(1);
  return made;
}

/**
 * Claims an order for this panel, once: in the ledger of billing events that already lets one
 * webhook event through once (`panel-resume:<order>`), taken over only when stale.
 */
async function claimOrder(db: Database, order: OrderRow, now: Date): Promise<boolean> {
  const eventId = `panel-resume:${order.uuid}`;
  const [fresh] = await db.insert(billingWebhookEvents).values({ eventId, orderUuid: order.uuid, receivedAt: now }).onConflictDoNothing().returning();
  if (fresh) return true;
  const stale = new Date(now.getTime() - RESUME_CLAIM_MS);
  const [taken] = await db
    .update(billingWebhookEvents)
    .set({ receivedAt: now })
    .where(and(eq(billingWebhookEvents.eventId, eventId), lt(billingWebhookEvents.receivedAt, stale)))
    .returning();
  return taken !== undefined;
}

/**
 * Creates the servers of orders the billing system reported paid while the panel stopped before
 * creating them (they stay `paid` with no server). Each is claimed first (one insert or takeover
 * that only one panel can win, so two panels starting together create one server), then created
 * on the billing webhook's path; no room any more fails the order as the webhook would. An order
 * whose server was already made is linked to it instead. Other failures are logged and leave it
 * paid for a later start (once the claim is stale).
 */
export async function resumePaidOrders(context: OrderContext, log: ResumeLog): Promise<number> {
  const { db } = context.provisioning;
  const stranded = await db
    .select()
    .from(orders)
    .where(and(eq(orders.state, 'paid'), isNull(orders.serverId)));
  let resumed = 0;
  for (const order of stranded) {
    if (!(await claimOrder(db, order, new Date()))) continue;
    // Read again after the claim: another panel may have finished it in between.
    const [claimed] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, order.id), eq(orders.state, 'paid'), isNull(orders.serverId)));
    if (!claimed) continue;
    try {
      const made = await serverMadeBeforeTheStop(context, claimed);
      if (made) {
        await db.update(orders).set({ state: 'created', serverId: made.id, updatedAt: new Date() }).where(eq(orders.id, claimed.id));
        await recordAudit(db, { actorId: null, serverUuid: made.uuid, event: 'server.ordered', ip: null, properties: { order: claimed.uuid, template: claimed.template, provider: claimed.provider } });
      } else {
        const [owner] = await db.select().from(users).where(eq(users.id, claimed.userId));
        await fulfilOrder(context, claimed, owner, PANEL);
      }
      resumed += 1;
    } catch (error) {
      log.warn({ err: error, order: claimed.uuid }, 'could not create the server of a paid order');
    }
  }
  return resumed;
}
