import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { nodes, servers } from '../../db/schema';
import type { NodeReachability } from '../../runtime/nodes/NodeConnection';
import type { PanelEventPublisher } from '../events/PanelEvents';
import type { RuntimeManager } from '../servers/RuntimeManager';

interface OutageContext {
  db: Database;
  runtime: RuntimeManager;
  events: PanelEventPublisher;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** Tells every server of the node: its consoles see `node_offline` (or its state once back), its webhooks `node.offline` / `node.online`. */
async function announce({ db, runtime, events }: OutageContext, nodeId: number, reachability: NodeReachability): Promise<void> {
  const [node] = await db.select({ name: nodes.name }).from(nodes).where(eq(nodes.id, nodeId));
  if (!node) return;
  const rows = await db.select({ uuid: servers.uuid }).from(servers).where(eq(servers.nodeId, nodeId));
  for (const { uuid } of rows) {
    runtime.events.publish(uuid, { type: 'state', state: reachability === 'offline' ? 'node_offline' : runtime.state(uuid) });
    events.publish(reachability === 'offline' ? 'node.offline' : 'node.online', uuid, { node: node.name });
  }
}

/**
 * Follows the nodes' outages for the customers: while a node's engine does not answer its servers
 * show "node offline" (nothing is deleted or moved; the runtime refuses their power actions), and
 * once it answers they show their state again (the runtime adopts what still runs there and starts
 * what should run).
 */
export function watchNodeOutages(context: OutageContext): void {
  context.runtime.onNodeReachability((nodeId, reachability) => {
    void announce(context, nodeId, reachability).catch((error: Error) => context.log.error({ err: error, node: nodeId }, 'could not announce a node’s outage'));
  });
}
