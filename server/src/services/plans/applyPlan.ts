import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { servers, type PlanRow, type ServerRow } from '../../db/schema';
import type { RuntimeManager } from '../servers/RuntimeManager';
import type { LimitUpdate } from '../../runtime/types';
import { recordAudit, type Actor } from '../audit/audit';
import type { PanelEventPublisher } from '../events/PanelEvents';

/**
 * Puts the server on `plan`: the row first (the theme tier and every limit read it), then the
 * running server's limits where the runtime can change them live; the console says when a restart
 * is needed. Audited as server.plan.changed and reported as the `plan.changed` event.
 */
export async function applyPlan(db: Database, runtime: RuntimeManager, server: ServerRow, from: PlanRow, plan: PlanRow, actor: Actor, via: string, events?: PanelEventPublisher): Promise<LimitUpdate> {
  await db.update(servers).set({ planId: plan.id, updatedAt: new Date() }).where(eq(servers.id, server.id));
  const update = await runtime
    .updateLimits(server.uuid, { memoryMb: plan.memoryMb, cpuPercent: plan.cpuPercent, diskMb: plan.diskMb })
    .catch(() => ({ running: true, appliedLive: [], restartNeeded: true }) as LimitUpdate);
  await recordAudit(db, {
    actorId: actor.userId,
    serverUuid: server.uuid,
    event: 'server.plan.changed',
    ip: actor.ip,
    properties: { from: from.slug, to: plan.slug, via, restart_needed: update.restartNeeded },
  });
  events?.publish('plan.changed', server.uuid, { from: from.slug, to: plan.slug, restart_needed: update.restartNeeded });
  return update;
}
