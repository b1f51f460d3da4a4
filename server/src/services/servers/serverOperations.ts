import { eq } from 'drizzle-orm';
import { plans, servers, type ServerRow } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import { recordAudit } from '../audit/audit';
import { dropServerDatabases } from '../databases/serverDatabases';
import { releasePorts } from './allocatePorts';
import { networkServiceFor } from '../network/networkServiceFor';
import type { ProvisioningContext } from './ProvisioningContext';
import { forgetNodeLoads } from '../nodes/placement';

async function reload({ db }: ProvisioningContext, server: ServerRow): Promise<ServerRow> {
  const [row] = await db.select().from(servers).where(eq(servers.id, server.id));
  return row;
}

/**
 * Suspends a server: it is stopped now and cannot be started until unsuspended. The reason, when
 * given, is shown to the customer on the server's pages.
 */
export async function suspendServer(context: ProvisioningContext, server: ServerRow, reason: string | null = null): Promise<ServerRow> {
  await context.runtime.suspend(server);
  await context.db
    .update(servers)
    .set({ suspensionReason: reason?.trim() || null })
    .where(eq(servers.id, server.id));
  await recordAudit(context.db, { actorId: null, serverUuid: server.uuid, event: 'server.suspended', ip: null, properties: reason ? { reason } : {} });
  return reload(context, server);
}

/** Lifts a suspension (the server stays stopped; the customer starts it). */
export async function unsuspendServer(context: ProvisioningContext, server: ServerRow): Promise<ServerRow> {
  await context.runtime.unsuspend(server);
  await context.db.update(servers).set({ suspensionReason: null }).where(eq(servers.id, server.id));
  await recordAudit(context.db, { actorId: null, serverUuid: server.uuid, event: 'server.unsuspended', ip: null });
  return reload(context, server);
}

/**
 * Removes what the server holds outside the panel first, so a service that is down stops the
 * deletion before anything is lost: its subdomain records (DNS down: the caller gets the reason)
 * and its databases on their hosts (a host down: 503). Then kills the server, removes its files,
 * frees its ports and deletes it.
 */
export async function deleteServer(context: ProvisioningContext, server: ServerRow): Promise<void> {
  await networkServiceFor(context).removeSubdomain(server, null);
  await dropServerDatabases(context, server);
  await context.runtime.destroy(server);
  await releasePorts(context.db, server.id);
  await context.db.delete(servers).where(eq(servers.id, server.id));
  forgetNodeLoads(context.db);
  await recordAudit(context.db, { actorId: null, serverUuid: server.uuid, event: 'server.deleted', ip: null, properties: { name: server.name } });
}

/**
 * Moves a server to another plan of the same game (billing's admin call: no usage check). A
 * running server gets the new limits at once where the runtime can; the console says when the
 * game needs a restart to use new memory.
 */
export async function changeServerPlan(context: ProvisioningContext, server: ServerRow, planSlug: string): Promise<ServerRow> {
  const [current] = await context.db.select().from(plans).where(eq(plans.id, server.planId));
  const [plan] = await context.db.select().from(plans).where(eq(plans.slug, planSlug));
  if (!plan) throw new ValidationError({ plan: ['Unknown plan'] });
  if (current && plan.gameId !== current.gameId) throw new ValidationError({ plan: ['This plan is for another game'] });
  if (plan.id === server.planId) return server;
  await context.db.update(servers).set({ planId: plan.id, updatedAt: new Date() }).where(eq(servers.id, server.id));
  forgetNodeLoads(context.db);
  await recordAudit(context.db, { actorId: null, serverUuid: server.uuid, event: 'server.plan-changed', ip: null, properties: { from: current?.slug, to: plan.slug } });
  await context.runtime.updateLimits(server.uuid, { memoryMb: plan.memoryMb, cpuPercent: plan.cpuPercent, diskMb: plan.diskMb }).catch(() => undefined);
  return reload(context, server);
}
