import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { allocations, servers, type NodeRow, type ServerRow } from '../../../db/schema';
import { networkServiceFor } from '../../network/networkServiceFor';
import type { ProvisioningContext } from '../../servers/ProvisioningContext';
import { forgetNodeLoads } from '../placement';

export type TransferContext = ProvisioningContext & { log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'> };

/**
 * Removes the copies a move leaves behind on a node (the target's after a rollback, the source's
 * after a switch). A node that does not answer keeps its copy until it is back: the removal is
 * remembered and done when the node comes online again, unless the server lives there by then.
 */
export class StrayCopies {
  private readonly pending = new Map<number, Set<string>>();

  constructor(private readonly context: TransferContext) {
    context.runtime.onNodeReachability((nodeId, state) => {
      if (state === 'online') void this.retry(nodeId);
    });
  }

  /** Removes the server's copy on the node now, or once the node answers again. */
  async remove(node: Pick<NodeRow, 'id' | 'name'>, uuid: string): Promise<void> {
    try {
      await this.context.runtime.nodeDriver(node.id).destroy(uuid);
      this.pending.get(node.id)?.delete(uuid);
    } catch (error) {
      this.context.log.warn({ err: error, server: uuid, node: node.name }, 'could not remove a moved server’s copy yet; removed when the node answers again');
      const waiting = this.pending.get(node.id) ?? new Set<string>();
      waiting.add(uuid);
      this.pending.set(node.id, waiting);
    }
  }

  /** Copies waiting for this node. */
  waiting(nodeId: number): string[] {
    return [...(this.pending.get(nodeId) ?? [])];
  }

  private async retry(nodeId: number): Promise<void> {
    for (const uuid of this.waiting(nodeId)) {
      const [server] = await this.context.db.select({ nodeId: servers.nodeId }).from(servers).where(eq(servers.uuid, uuid));
      // The server came back to this node meanwhile: that copy is its own now.
      if (server?.nodeId === nodeId) {
        this.pending.get(nodeId)?.delete(uuid);
        continue;
      }
      await this.remove({ id: nodeId, name: String(nodeId) }, uuid);
    }
  }
}

/** Leaves the server whole on the source: the target's copy removed, its ports there given back, the subdomain pointed home again. */
export async function rollBackTransfer(context: TransferContext, strays: StrayCopies, job: { server: ServerRow; source: NodeRow; target: NodeRow; pointed: boolean }): Promise<void> {
  const { db } = context;
  const { server, source, target } = job;
  await strays.remove(target, server.uuid);
  await db
    .update(allocations)
    .set({ serverId: null, purpose: null, notes: null })
    .where(and(eq(allocations.serverId, server.id), eq(allocations.nodeId, target.id)));
  forgetNodeLoads(db);
  if (!job.pointed) return;
  const [primary] = await db
    .select()
    .from(allocations)
    .where(eq(allocations.id, server.allocationId ?? -1));
  if (primary)
    await networkServiceFor(context)
      .pointSubdomain(server, source.publicHost, primary.port)
      .catch((error: Error) => context.log.warn({ err: error, server: server.uuid }, 'could not point a server’s subdomain home again after a failed move'));
}
