import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { allocations, nodes, plans, serverTemplates, type AllocationRow, type PlanRow, type ServerRow } from '../../db/schema';
import type { TemplateDefinition } from '../../games/templates';
import { templateColumns, templateForServer } from '../templates/templateOfRow';
import { buildServerSpec } from '../../runtime/buildServerSpec';
import { RuntimeConflictError, type ResourceLimits, type ServerSpec } from '../../runtime/types';

/** A server with everything needed to run it. */
export interface ServerContext {
  server: ServerRow;
  plan: PlanRow;
  template: TemplateDefinition;
  primary: AllocationRow;
  allocations: AllocationRow[];
  /** Where the panel reaches the game's port, as players do (the node's address for a server on a node). */
  reachHost: string;
}

export function limitsOf(plan: PlanRow): ResourceLimits {
  return { memoryMb: plan.memoryMb, cpuPercent: plan.cpuPercent, diskMb: plan.diskMb };
}

/** Loads a server's plan, template and ports. */
export async function loadServerContext(db: Database, server: ServerRow): Promise<ServerContext> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, server.planId));
  const [templateRow] = await db.select(templateColumns).from(serverTemplates).where(eq(serverTemplates.id, server.templateId));
  const template = templateRow ? templateForServer(templateRow, server) : undefined;
  if (!plan) throw new RuntimeConflictError('The server has no plan.');
  if (!template) throw new RuntimeConflictError(`The template "${templateRow?.slug ?? server.templateId}" is not available on this panel.`);
  const ports = await db.select().from(allocations).where(eq(allocations.serverId, server.id));
  const primary = ports.find((a) => a.id === server.allocationId);
  if (!primary) throw new RuntimeConflictError('The server has no port.');
  const [node] = await db.select({ driver: nodes.driver, publicHost: nodes.publicHost }).from(nodes).where(eq(nodes.id, server.nodeId));
  // A container's port is published on its node's address only; the panel's own games listen here.
  const reachHost = node && node.driver !== 'local' ? node.publicHost : primary.ip;
  return { server, plan, template, primary, allocations: ports, reachHost };
}

/** The driver spec of a loaded server; `paths` are its folder, Node and our launchers as the game sees them. */
export function specOf(context: ServerContext, paths: { root: string; node: string; launchers: string }): ServerSpec {
  const extraPorts: Record<string, number> = {};
  for (const allocation of context.allocations) if (allocation.purpose) extraPorts[allocation.purpose] = allocation.port;
  // Ports the customer added (no purpose, not the primary), oldest first.
  const additionalPorts = context.allocations
    .filter((a) => !a.purpose && a.id !== context.primary.id)
    .sort((a, b) => a.id - b.id)
    .map((a) => a.port);
  return buildServerSpec({
    uuid: context.server.uuid,
    template: context.template,
    variables: context.server.variables,
    limits: limitsOf(context.plan),
    primary: { ip: context.primary.ip, port: context.primary.port },
    extraPorts,
    additionalPorts,
    root: paths.root,
    node: paths.node,
    launchers: paths.launchers,
    nodeId: context.server.nodeId,
  });
}
