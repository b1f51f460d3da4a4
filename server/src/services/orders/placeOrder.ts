import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, plans, serverTemplates, users, type OrderRow, type PlanRow, type ServerRow, type UserRow } from '../../db/schema';
import { forbidden, HttpError, ValidationError } from '../../lib/errors';
import { ruleText } from '../../lib/validationMessages';
import type { CreateOrderBody } from '../../schemas/orders';
import { recordAudit, type Actor } from '../audit/audit';
import { placementCandidates } from '../nodes/placement';
import { createServer } from '../servers/createServer';
import { templateOfRow } from '../templates/templateOfRow';
import { billingProviderFor, type OrderContext } from './OrderContext';
import { nodeLocations } from './orderOptions';
import { countedOrders, failOrder } from './orderRecords';

/** The answer to an order: the server made at once (instant), or the billing system's checkout (external). */
export type OrderOutcome = { kind: 'created'; order: OrderRow; server: ServerRow } | { kind: 'checkout'; order: OrderRow; checkoutUrl: string };

export const orderMessages = {
  orderingOff: 'Ordering is turned off on this panel.',
  limitReached: (limit: number) => `You have reached the limit of ${limit} order(s) per customer; ask the host for more.`,
  unknownTemplate: 'There is no such game template.',
  unknownPlan: 'There is no such plan.',
  otherGame: 'This plan is for another game.',
  unknownLocation: 'There is no such location.',
} as const;

interface CheckedOrder {
  template: string;
  extraPorts: string[];
  plan: PlanRow;
  name: string;
  location: string | undefined;
}

/** 422 per field: an unknown template, a plan of another game, a location no node has, a blank name. */
async function checkOrder(db: Database, body: CreateOrderBody): Promise<CheckedOrder> {
  const errors: Record<string, string[]> = {};
  const [templateRow] = await db.select().from(serverTemplates).where(eq(serverTemplates.slug, body.template));
  const template = templateRow ? templateOfRow(templateRow) : undefined;
  const [plan] = await db.select().from(plans).where(eq(plans.slug, body.plan));
  if (!templateRow || !template) errors.template = [orderMessages.unknownTemplate];
  if (!plan) errors.plan = [orderMessages.unknownPlan];
  else if (templateRow && plan.gameId !== templateRow.gameId) errors.plan = [orderMessages.otherGame];
  const name = body.name.trim();
  if (name === '') errors.name = [ruleText.required];
  if (body.location !== undefined && !(await nodeLocations(db)).includes(body.location)) errors.location = [orderMessages.unknownLocation];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { template: body.template, extraPorts: template!.extraPorts, plan, name, location: body.location };
}

/**
 * Records the order inside a transaction holding the customer's row, so two orders sent at once
 * cannot both pass the limit.
 */
async function recordOrder(context: OrderContext, user: UserRow, checked: CheckedOrder, provider: 'instant' | 'external', limit: number, now: Date): Promise<OrderRow> {
  const ttlMinutes = context.provisioning.config.billing?.orderTtlMinutes ?? 60;
  return context.provisioning.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${user.id} for update`);
    if ((await countedOrders(tx, user.id, now)) >= limit) throw forbidden(orderMessages.limitReached(limit));
    const [order] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        template: checked.template,
        planId: checked.plan.id,
        name: checked.name,
        location: checked.location ?? null,
        provider,
        amountDue: checked.plan.priceMonthly,
        currency: checked.plan.currency,
        expiresAt: new Date(now.getTime() + ttlMinutes * 60_000),
      })
      .returning();
    return order;
  });
}

/**
 * Creates the ordered server (placement picks the node) and marks the order created; a failure
 * (no node has room any more) marks it failed with the reason and is thrown on.
 */
export async function fulfilOrder(context: OrderContext, order: OrderRow, owner: UserRow, actor: Actor): Promise<ServerRow> {
  const { db } = context.provisioning;
  const [plan] = await db.select().from(plans).where(eq(plans.id, order.planId));
  let server: ServerRow;
  try {
    server = await createServer(context.provisioning, {
      name: order.name,
      owner,
      template: order.template,
      plan: plan.slug,
      location: order.location ?? undefined,
      startOnCompletion: true,
    });
  } catch (error) {
    const reason = error instanceof HttpError ? error.message : 'The server could not be created.';
    await failOrder(db, order, reason);
    await recordAudit(db, { actorId: actor.userId, event: 'order.failed', ip: actor.ip, properties: { order: order.uuid, plan: plan.slug, reason } });
    throw error;
  }
  await db.update(orders).set({ state: 'created', serverId: server.id, updatedAt: new Date() }).where(eq(orders.id, order.id));
  await recordAudit(db, {
    actorId: actor.userId,
    serverUuid: server.uuid,
    event: 'server.ordered',
    ip: actor.ip,
    properties: { order: order.uuid, template: order.template, plan: plan.slug, provider: order.provider },
  });
  return server;
}

/**
 * A customer's order: refused while ordering is off (403) or past their limit (403), checked (422),
 * refused when no node has room (409, before any payment), stored, then handed to the billing
 * provider in force: instant creates the server now; external answers the signed checkout, and the
 * billing webhook creates the server.
 */
export async function placeOrder(context: OrderContext, user: UserRow, body: CreateOrderBody, actor: Actor, returnUrl: string, now = new Date()): Promise<OrderOutcome> {
  const { db, config } = context.provisioning;
  const settings = await context.settings.current();
  if (!settings.orderingEnabled) throw forbidden(orderMessages.orderingOff);
  const checked = await checkOrder(db, body);
  const request = { plan: checked.plan, location: checked.location, ports: [null, ...checked.extraPorts] };
  if ((await placementCandidates(context.provisioning, request, true)).length === 0) {
    const where = checked.location ? ` in ${checked.location}` : '';
    throw new HttpError(409, `No server${where} has room for this plan right now. Try another location or plan, or ask the host.`);
  }
  const provider = billingProviderFor(settings.billingProvider, config.billing);
  const order = await recordOrder(context, user, checked, provider.kind, settings.orderLimitPerUser, now);
  const checkout = provider.checkout({
    orderId: order.uuid,
    serverUuid: null,
    externalServerId: null,
    fromPlan: null,
    toPlan: checked.plan.slug,
    amountDue: order.amountDue,
    priceMonthly: checked.plan.priceMonthly,
    currency: order.currency,
    expiresAt: order.expiresAt,
    returnUrl,
    newServer: { template: order.template, name: order.name, location: order.location },
  });
  if (checkout.complete) return { kind: 'created', order, server: await fulfilOrder(context, order, user, actor) };
  await recordAudit(db, { actorId: actor.userId, event: 'order.pending', ip: actor.ip, properties: { order: order.uuid, template: order.template, plan: checked.plan.slug } });
  return { kind: 'checkout', order, checkoutUrl: checkout.redirectUrl };
}
