import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { allocations, type AllocationRow, type NodeRow, type ServerRow } from '../../../db/schema';
import { allocatePorts, portIsFree } from '../../servers/allocatePorts';

/** Claims one port of the node for the server when nobody holds it there (and, on the panel's machine, nothing listens on it). */
async function claimSamePort(tx: Database, node: NodeRow, ip: string, serverId: number, port: number, purpose: string | null): Promise<AllocationRow | null> {
  if (port < node.portRangeStart || port > node.portRangeEnd) return null;
  if (node.driver === 'local' && !(await portIsFree(ip, port))) return null;
  const [taken] = await tx
    .select({ id: allocations.id })
    .from(allocations)
    .where(and(eq(allocations.nodeId, node.id), eq(allocations.port, port), ne(allocations.serverId, serverId)));
  if (taken) return null;
  await tx.insert(allocations).values({ nodeId: node.id, ip, port }).onConflictDoNothing();
  const [claimed] = await tx
    .update(allocations)
    .set({ serverId, purpose })
    .where(and(eq(allocations.nodeId, node.id), eq(allocations.ip, ip), eq(allocations.port, port), isNull(allocations.serverId)))
    .returning();
  return claimed ?? null;
}

/**
 * Gives the server on the target node as many ports as it holds on its current one, for the same
 * purposes: the same port numbers where they are free there, others from the node's range. The
 * primary one comes first. Run inside the transaction that holds the target node's row.
 */
export async function allocateTransferPorts(tx: Database, server: ServerRow, target: NodeRow, ip: string): Promise<AllocationRow[]> {
  const held = await tx
    .select()
    .from(allocations)
    .where(and(eq(allocations.serverId, server.id), eq(allocations.nodeId, server.nodeId)))
    .orderBy(asc(allocations.id));
  held.sort((a, b) => Number(b.id === server.allocationId) - Number(a.id === server.allocationId));
  const out: AllocationRow[] = [];
  for (const port of held) {
    // A port taken there is replaced by another of the range (a failure rolls the whole transaction back).
    out.push((await claimSamePort(tx, target, ip, server.id, port.port, port.purpose)) ?? (await allocatePorts(tx, target, ip, server.id, [port.purpose]))[0]);
  }
  return out;
}
