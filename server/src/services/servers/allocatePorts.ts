import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { allocations, type AllocationRow, type NodeRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';

/** Whether nothing listens on ip:port, over TCP and UDP (games use either). */
export async function portIsFree(ip: string, port: number): Promise<boolean> {
  const tcp = await new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ host: ip, port, exclusive: true }, () => server.close(() => resolve(true)));
  });
  if (!tcp) return false;
  return new Promise<boolean>((resolve) => {
    const socket = createSocket(ip.includes(':') ? 'udp6' : 'udp4');
    socket.once('error', () => resolve(false));
    socket.bind({ address: ip, port, exclusive: true }, () => socket.close(() => resolve(true)));
  });
}

/**
 * Gives `serverId` one free port per purpose (null = the primary port) from the node's range.
 * A port counts as free when no server holds it in the database and, on the panel's own machine,
 * nothing listens on it (another node's ports are its engine's: only the database tells); the database row is claimed with a conditional write, so two concurrent creations never
 * get the same port.
 */
export async function allocatePorts(db: Database, node: NodeRow, ip: string, serverId: number, purposes: (string | null)[]): Promise<AllocationRow[]> {
  const taken = new Set(
    (
      await db
        .select({ port: allocations.port })
        .from(allocations)
        .where(and(eq(allocations.nodeId, node.id), eq(allocations.ip, ip), isNotNull(allocations.serverId)))
    ).map((r) => r.port),
  );
  const size = node.portRangeEnd - node.portRangeStart + 1;
  // Start at a random point so parallel panels (and tests) rarely probe the same ports.
  const offset = randomInt(size);
  const out: AllocationRow[] = [];
  for (let i = 0; i < size && out.length < purposes.length; i++) {
    const port = node.portRangeStart + ((offset + i) % size);
    if (taken.has(port) || (node.driver === 'local' && !(await portIsFree(ip, port)))) continue;
    const purpose = purposes[out.length];
    await db.insert(allocations).values({ nodeId: node.id, ip, port }).onConflictDoNothing();
    const [claimed] = await db
      .update(allocations)
      .set({ serverId, purpose })
      .where(and(eq(allocations.nodeId, node.id), eq(allocations.ip, ip), eq(allocations.port, port), isNull(allocations.serverId)))
      .returning();
    if (claimed) out.push(claimed);
  }
  if (out.length < purposes.length) {
    await releasePorts(db, serverId);
    throw new HttpError(409, `No free ports left in ${node.portRangeStart}-${node.portRangeEnd} on node ${node.name}.`);
  }
  return out;
}

/** Frees every port of a server. */
export async function releasePorts(db: Database, serverId: number): Promise<void> {
  await db.update(allocations).set({ serverId: null, purpose: null, notes: null }).where(eq(allocations.serverId, serverId));
}
