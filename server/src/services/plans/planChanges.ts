import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingWebhookEvents, planOrders, plans, servers, type PlanOrderRow, type PlanRow, type ServerRow } from '../../db/schema';
import { HttpError, ValidationError, notFound } from '../../lib/errors';
import type { RuntimeManager } from '../servers/RuntimeManager';
import type { PlanChangeResultJson, PlanOrderJson, PlanOverviewJson } from '../../schemas/plans';
import { recordAudit, type Actor } from '../audit/audit';
import { applyPlan } from './applyPlan';
import type { PanelEventPublisher } from '../events/PanelEvents';
import type { BillingProvider } from './billing/BillingProvider';
import { gamePlans, isUpgrade, planById, planBySlug, planJson } from './planCatalog';
import { blockersFor, planUsage, type PlanBlocker } from './planUsage';
import { prorate } from './proration';

/** What plan changes work with. */
export interface PlanContext {
  db: Database;
  runtime: RuntimeManager;
  provider: BillingProvider;
  /** How long a pending order stays valid. */
  orderTtlMinutes: number;
  /** Where a change is reported (`plan.changed`). */
  events?: PanelEventPublisher;
}

/** A change the server's real usage does not fit: 409 with what to remove first. */
export class PlanDoesNotFitError extends HttpError {
  constructor(readonly blockers: PlanBlocker[]) {
    super(409, 'The server uses more than this plan allows; remove what is listed first.');
  }
}

function orderStatus(order: PlanOrderRow, now: Date): PlanOrderJson['status'] {
  if (order.status === 'pending' && order.expiresAt.getTime() < now.getTime()) return 'expired';
  return order.status as PlanOrderJson['status'];
}

async function orderJson(db: Database, order: PlanOrderRow, now = new Date()): Promise<PlanOrderJson> {
  const [from, to] = await Promise.all([planById(db, order.fromPlanId), planById(db, order.toPlanId)]);
  return {
    id: order.uuid,
    from_plan: from.plan.slug,
    to_plan: to.plan.slug,
    provider: order.provider === 'external' ? 'external' : 'instant',
    status: orderStatus(order, now),
    amount_due: order.amountDue,
    currency: order.currency,
    failure_reason: order.failureReason,
    created_at: order.createdAt.toISOString(),
    expires_at: order.expiresAt.toISOString(),
  };
}

/** The upgrade page's data: the current plan beside the game's others, with prices, proration and what each would break. */
export async function planOverview(context: PlanContext, server: ServerRow, canChange: boolean, now = new Date()): Promise<PlanOverviewJson> {
  const { db } = context;
  const current = await planById(db, server.planId);
  const [ladder, usage, orders] = await Promise.all([
    gamePlans(db, current.plan.gameId),
    planUsage(db, server, context.runtime),
    db.select().from(planOrders).where(eq(planOrders.serverId, server.id)).orderBy(desc(planOrders.createdAt), desc(planOrders.id)).limit(10),
  ]);
  return {
    current: planJson(current.plan, current.game),
    options: ladder.map((plan) => {
      const proration = prorate(current.plan.priceMonthly, plan.priceMonthly, now);
      const isCurrent = plan.id === current.plan.id;
      return {
        plan: planJson(plan, current.game),
        current: isCurrent,
        direction: isCurrent ? 'current' : isUpgrade(current.plan, plan) ? 'upgrade' : 'downgrade',
        amount_due: isCurrent ? 0 : proration.amountDue,
        remaining_days: proration.remainingDays,
        period_days: proration.periodDays,
        blockers: isCurrent ? [] : blockersFor(usage, plan),
      };
    }),
    usage: { disk_mb: usage.diskMb, backups: usage.backups, extra_ports: usage.extraPorts, databases: usage.databases },
    provider: context.provider.kind,
    can_change: canChange,
    orders: await Promise.all(orders.map((order) => orderJson(db, order, now))),
  };
}

/** The target plan of a request, or 422: unknown, another game's, or the plan the server has. */
async function targetPlan(db: Database, server: ServerRow, slug: string): Promise<{ current: PlanRow; plan: PlanRow; game: string }> {
  const current = await planById(db, server.planId);
  const target = await planBySlug(db, slug);
  if (!target) throw new ValidationError({ plan: ['There is no such plan.'] });
  if (target.plan.gameId !== current.plan.gameId) throw new ValidationError({ plan: ['This plan is for another game.'] });
  if (target.plan.id === current.plan.id) throw new ValidationError({ plan: ['The server already has this plan.'] });
  return { current: current.plan, plan: target.plan, game: current.game };
}

/** 409 unless the server's real usage fits `plan`. */
async function ensureFits(context: PlanContext, server: ServerRow, plan: PlanRow): Promise<void> {
  const blockers = blockersFor(await planUsage(context.db, server, context.runtime), plan);
  if (blockers.length > 0) throw new PlanDoesNotFitError(blockers);
}

/**
 * A customer's plan change: checked (422, 409), recorded as an order, handed to the billing
 * provider. Instant: applied now. External: pending, with the billing system's checkout address.
 */
export async function requestPlanChange(context: PlanContext, server: ServerRow, slug: string, actor: Actor, returnUrl: string, now = new Date()): Promise<PlanChangeResultJson> {
  const { db, provider } = context;
  const { current, plan } = await targetPlan(db, server, slug);
  await ensureFits(context, server, plan);
  const { amountDue } = prorate(current.priceMonthly, plan.priceMonthly, now);
  const [order] = await db
    .insert(planOrders)
    .values({
      serverId: server.id,
      fromPlanId: current.id,
      toPlanId: plan.id,
      provider: provider.kind,
      amountDue,
      currency: plan.currency,
      createdBy: actor.userId,
      expiresAt: new Date(now.getTime() + context.orderTtlMinutes * 60_000),
    })
    .returning();
  const checkout = provider.checkout({
    orderId: order.uuid,
    serverUuid: server.uuid,
    externalServerId: server.externalId,
    fromPlan: current.slug,
    toPlan: plan.slug,
    amountDue,
    priceMonthly: plan.priceMonthly,
    currency: plan.currency,
    expiresAt: order.expiresAt,
    returnUrl,
  });
  if (!checkout.complete) {
    await recordAudit(db, {
      actorId: actor.userId,
      serverUuid: server.uuid,
      event: 'server.plan.order-created',
      ip: actor.ip,
      properties: { order: order.uuid, from: current.slug, to: plan.slug, amount_due: amountDue },
    });
    return { order: await orderJson(db, order, now), redirect_url: checkout.redirectUrl, applied: null };
  }
  const update = await applyPlan(db, context.runtime, server, current, plan, actor, 'instant', context.events);
  const [done] = await db.update(planOrders).set({ status: 'completed', completedAt: new Date(), updatedAt: new Date() }).where(eq(planOrders.id, order.id)).returning();
  return {
    order: await orderJson(db, done, now),
    redirect_url: null,
    applied: { running: update.running, applied_live: update.appliedLive, restart_needed: update.restartNeeded, theme_tier: plan.tier === 'premium' ? 'premium' : 'budget' },
  };
}

/**
 * A billing system's webhook, already verified (signature, timestamp). Each event id is accepted
 * once (a second delivery is a replay: 409, nothing changes). A 'paid' event completes a pending
 * order and applies its plan (checked against usage again: a server that no longer fits fails the
 * order, 409); 'failed' marks it failed. An order that is no longer pending is left as it is
 * (idempotent: the answer says what it is); an expired one is refused (409).
 */
export async function handleBillingEvent(
  context: PlanContext,
  event: { eventId: string; orderId: string; status: 'paid' | 'failed'; reason: string | null },
  now = new Date(),
): Promise<{ order: string; status: PlanOrderJson['status']; changed: boolean }> {
  const { db } = context;
  const [order] = await db.select().from(planOrders).where(eq(planOrders.uuid, event.orderId));
  if (!order) throw notFound('Order');
  const [recorded] = await db.insert(billingWebhookEvents).values({ eventId: event.eventId, orderUuid: order.uuid }).onConflictDoNothing().returning();
  if (!recorded) throw new HttpError(409, 'This webhook event was already received (replay).');
  if (order.status !== 'pending') return { order: order.uuid, status: orderStatus(order, now), changed: false };
  if (order.expiresAt.getTime() < now.getTime()) throw new HttpError(409, 'The order has expired.');
  const fail = async (reason: string) => {
    await db
      .update(planOrders)
      .set({ status: 'failed', failureReason: reason, updatedAt: new Date() })
      .where(and(eq(planOrders.id, order.id), eq(planOrders.status, 'pending')));
  };
  const [server] = await db.select().from(servers).where(eq(servers.id, order.serverId));
  if (event.status === 'failed') {
    await fail(event.reason ?? 'The payment failed.');
    await recordAudit(db, { actorId: null, serverUuid: server.uuid, event: 'server.plan.order-failed', ip: null, properties: { order: order.uuid, reason: event.reason } });
    return { order: order.uuid, status: 'failed', changed: true };
  }
  // Claimed before applying, so two different paid events for one order apply it once.
  const [claimed] = await db
    .update(planOrders)
    .set({ status: 'completed', completedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(planOrders.id, order.id), eq(planOrders.status, 'pending')))
    .returning();
  if (!claimed) return { order: order.uuid, status: 'completed', changed: false };
  const [from] = await db.select().from(plans).where(eq(plans.id, server.planId));
  const [to] = await db.select().from(plans).where(eq(plans.id, order.toPlanId));
  const blockers = blockersFor(await planUsage(db, server, context.runtime), to);
  if (blockers.length > 0 || from.gameId !== to.gameId) {
    await db.update(planOrders).set({ status: 'failed', failureReason: 'The server no longer fits this plan.', completedAt: null, updatedAt: new Date() }).where(eq(planOrders.id, order.id));
    throw new PlanDoesNotFitError(blockers);
  }
  await applyPlan(db, context.runtime, server, from, to, { userId: null, ip: null }, 'billing', context.events);
  return { order: order.uuid, status: 'completed', changed: true };
}
