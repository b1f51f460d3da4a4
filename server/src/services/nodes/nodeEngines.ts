import { eq, ne } from 'drizzle-orm';
import type { PanelConfig } from '../../config/PanelConfig';
import type { Database } from '../../db/client';
import { nodes, servers } from '../../db/schema';
import { openSecret } from '../../lib/secretBox';
import type { NodeEngine } from '../../runtime/nodes/NodeConnection';
import type { RuntimeManager } from '../servers/RuntimeManager';
import { forgetNodeLoads } from './placement';

/** What the node services need: the database, the runtime (it runs the nodes' drivers) and the panel secret. */
export interface NodeContext {
  db: Database;
  runtime: RuntimeManager;
  config: Pick<PanelConfig, 'secret'>;
}

/** The purpose a node's sealed TLS material is bound to (lib/secretBox). */
export const NODE_TLS_PURPOSE = 'node-engine-tls';

/** Every docker node as the runtime reaches it, its TLS material opened. */
export async function nodeEngines(context: Pick<NodeContext, 'db' | 'config'>): Promise<NodeEngine[]> {
  const rows = await context.db.select().from(nodes).where(eq(nodes.driver, 'docker'));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    dockerHost: row.dockerHost ?? '',
    tls: row.tlsSealed ? (JSON.parse(openSecret(context.config.secret, NODE_TLS_PURPOSE, row.tlsSealed)) as NodeEngine['tls']) : null,
    publicHost: row.publicHost,
  }));
}

/**
 * Hands the runtime the docker nodes as they are now with the servers on them: at the panel's
 * start (before the runtime opens) and after every change of a node, so nothing waits for a restart.
 */
export async function syncRuntimeNodes(context: NodeContext): Promise<void> {
  forgetNodeLoads(context.db);
  const engines = await nodeEngines(context);
  const placements = await context.db.select({ uuid: servers.uuid, nodeId: servers.nodeId }).from(servers).innerJoin(nodes, eq(nodes.id, servers.nodeId)).where(ne(nodes.driver, 'local'));
  await context.runtime.syncNodes(engines, placements);
}
