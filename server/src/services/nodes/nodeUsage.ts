import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plans, servers, type NodeRow, type PlanRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';

/** What the servers on a node hold: how many, and their plans' memory and disk. */
export interface NodeUsage {
  servers: number;
  memoryMb: number;
  diskMb: number;
}

const none: NodeUsage = { servers: 0, memoryMb: 0, diskMb: 0 };

/** The use of every node with servers, by node id (one grouped query). */
export async function nodeUsages(db: Database, nodeId?: number): Promise<Map<number, NodeUsage>> {
  const rows = await db
    .select({ nodeId: servers.nodeId, servers: count(), memoryMb: sql<string>`coalesce(sum(${plans.memoryMb}), 0)`, diskMb: sql<string>`coalesce(sum(${plans.diskMb}), 0)` })
    .from(servers)
    .innerJoin(plans, eq(plans.id, servers.planId))
    .where(nodeId === undefined ? undefined : eq(servers.nodeId, nodeId))
    .groupBy(servers.nodeId);
  return new Map(rows.map((row) => [row.nodeId, { servers: Number(row.servers), memoryMb: Number(row.memoryMb), diskMb: Number(row.diskMb) }]));
}

/** The use of one node. */
export async function nodeUsage(db: Database, nodeId: number): Promise<NodeUsage> {
  return (await nodeUsages(db, nodeId)).get(nodeId) ?? none;
}

/**
 * Refuses (409) a new server on a node in maintenance or without room for the plan's memory or
 * disk; a node without a memory or disk figure has no limit of it.
 */
export async function assertNodeRoom(db: Database, node: NodeRow, plan: Pick<PlanRow, 'memoryMb' | 'diskMb'>): Promise<void> {
  if (node.maintenance) throw new HttpError(409, `The node "${node.name}" is in maintenance: no new servers are placed there.`);
  const used = await nodeUsage(db, node.id);
  if (node.memoryMb !== null && used.memoryMb + plan.memoryMb > node.memoryMb) {
    throw new HttpError(
      409,
      `The node "${node.name}" has no room for this plan’s memory: ${Math.max(0, node.memoryMb - used.memoryMb)} MiB of ${node.memoryMb} MiB left, the plan needs ${plan.memoryMb} MiB.`,
    );
  }
  if (node.diskMb !== null && used.diskMb + plan.diskMb > node.diskMb) {
    throw new HttpError(409, `The node "${node.name}" has no room for this plan’s disk: ${Math.max(0, node.diskMb - used.diskMb)} MiB of ${node.diskMb} MiB left, the plan needs ${plan.diskMb} MiB.`);
  }
}

export const emptyUsage = none;
