import { and, count, eq, gte } from 'drizzle-orm';
import { serverCrashes, servers, users } from '../../db/schema';
import { listNodes, type NodeView } from '../nodes/nodeAdmin';
import { panelHealth, type HealthCheck } from './panelHealth';
import type { ProvisioningContext } from '../servers/ProvisioningContext';

const DAY_MS = 24 * 3600_000;

/** How many servers are in each state: suspended and install states first, else the power state. */
export type ServerStateCounts = Record<string, number>;

export interface AdminOverview {
  nodes: NodeView[];
  serversByState: ServerStateCounts;
  users: number;
  failedInstallsLastDay: number;
  crashesLastDay: number;
  health: HealthCheck[];
}

/** What the admin area's first page shows: nodes, servers by state, users, the last day's failures and the panel's health. */
export async function adminOverview(context: ProvisioningContext): Promise<AdminOverview> {
  const { db, runtime } = context;
  const since = new Date(Date.now() - DAY_MS);
  const [nodes, serverRows, [{ userCount }], [{ failed }], [{ crashes }], health] = await Promise.all([
    listNodes(context),
    db.select({ uuid: servers.uuid, suspended: servers.suspended, installStatus: servers.installStatus }).from(servers),
    db.select({ userCount: count() }).from(users),
    db
      .select({ failed: count() })
      .from(servers)
      .where(and(eq(servers.installStatus, 'install_failed'), gte(servers.updatedAt, since))),
    db.select({ crashes: count() }).from(serverCrashes).where(gte(serverCrashes.createdAt, since)),
    panelHealth(db, context.config),
  ]);
  const serversByState: ServerStateCounts = {};
  for (const server of serverRows) {
    const state = server.suspended ? 'suspended' : server.installStatus !== 'installed' ? server.installStatus : runtime.state(server.uuid);
    serversByState[state] = (serversByState[state] ?? 0) + 1;
  }
  return { nodes, serversByState, users: userCount, failedInstallsLastDay: failed, crashesLastDay: crashes, health };
}
