import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { allocations, games, nodes, plans, serverPermissions, serverRoles, servers, serverTemplates, users, type PlanRow, type ServerRow } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { permissionKeys } from '../../schemas/permissions';
import type { ServerApiState } from '../nodes/serverApiState';
import type { ServerResources } from '../../runtime/ServerEventHub';
import type { ServerJson, ServerResourcesJson } from '../../schemas/servers';

/** A server joined with what its API answer shows. */
export interface ServerViewRow {
  server: ServerRow;
  template: { slug: string; name: string };
  game: { slug: string; name: string };
  plan: PlanRow;
  node: { name: string; publicHost: string };
  allocation: { ip: string; port: number } | null;
  owner: { uuid: string; username: string };
}

/** Servers matching `where`, with their template, game, plan, node, primary port and owner. */
export async function loadServerViews(db: Database, where: SQL | undefined): Promise<ServerViewRow[]> {
  return db
    .select({
      server: servers,
      template: { slug: serverTemplates.slug, name: serverTemplates.name },
      game: { slug: games.slug, name: games.name },
      plan: plans,
      node: { name: nodes.name, publicHost: nodes.publicHost },
      allocation: { ip: allocations.ip, port: allocations.port },
      owner: { uuid: users.uuid, username: users.username },
    })
    .from(servers)
    .innerJoin(serverTemplates, eq(serverTemplates.id, servers.templateId))
    .innerJoin(games, eq(games.id, serverTemplates.gameId))
    .innerJoin(plans, eq(plans.id, servers.planId))
    .innerJoin(nodes, eq(nodes.id, servers.nodeId))
    .innerJoin(users, eq(users.id, servers.ownerId))
    .leftJoin(allocations, eq(allocations.id, servers.allocationId))
    .where(where)
    .orderBy(servers.id);
}

/** Servers the user owns or that are shared with them, each with the keys the user holds. */
export async function visibleServerViews(db: Database, user: UserRow): Promise<{ view: ServerViewRow; permissions: string[] }[]> {
  // Active shares only (pending invitations show nothing); a role's keys replace the share's own.
  const shares = await db
    .select({ serverId: serverPermissions.serverId, permissions: serverPermissions.permissions, rolePermissions: serverRoles.permissions })
    .from(serverPermissions)
    .leftJoin(serverRoles, eq(serverRoles.id, serverPermissions.roleId))
    .where(and(eq(serverPermissions.userId, user.id), eq(serverPermissions.status, 'active')));
  const shared = new Map(shares.map((s) => [s.serverId, s.rolePermissions ?? s.permissions]));
  const sharedIds = [...shared.keys()];
  const where = sharedIds.length ? or(eq(servers.ownerId, user.id), inArray(servers.id, sharedIds)) : eq(servers.ownerId, user.id);
  const views = await loadServerViews(db, where);
  return views.map((view) => ({
    view,
    permissions: view.server.ownerId === user.id || user.rootAdmin ? [...permissionKeys] : (shared.get(view.server.id) ?? []).filter((k) => (permissionKeys as readonly string[]).includes(k)),
  }));
}

/** One server's view by id, or null. */
export async function serverViewById(db: Database, id: number): Promise<ServerViewRow | null> {
  const [view] = await loadServerViews(db, and(eq(servers.id, id)));
  return view ?? null;
}

/** The API answer for a server. `state` comes from the runtime (live), not the stored copy. */
export function toServerJson(view: ServerViewRow, state: ServerApiState, callerId: number, permissions: string[], sleeping = false): ServerJson {
  const { server, plan } = view;
  const status = server.suspended ? 'suspended' : server.installStatus === 'installing' ? 'installing' : server.installStatus === 'install_failed' ? 'install_failed' : null;
  return {
    uuid: server.uuid,
    identifier: server.shortId,
    name: server.name,
    description: server.description,
    is_owner: server.ownerId === callerId,
    owner: view.owner,
    game: view.game,
    template: view.template,
    plan: {
      slug: plan.slug,
      name: plan.name,
      tier: plan.tier,
      limits: { memory_mb: plan.memoryMb, cpu_percent: plan.cpuPercent, disk_mb: plan.diskMb, backups: plan.backups, databases: plan.databases, extra_ports: plan.extraPorts },
    },
    node: view.node.name,
    allocation: view.allocation ? { ip: view.allocation.ip, port: view.allocation.port, host: view.node.publicHost } : null,
    state,
    status,
    install_error: server.installStatus === 'install_failed' ? server.installError : null,
    suspended: server.suspended,
    suspension_reason: server.suspended ? server.suspensionReason : null,
    sleeping: sleeping && state === 'offline',
    permissions,
    created_at: server.createdAt.toISOString(),
    updated_at: server.updatedAt.toISOString(),
  };
}

/** Resource figures in the API's snake_case. */
export function toResourcesJson(resources: ServerResources): ServerResourcesJson {
  return {
    state: resources.state,
    cpu_absolute: resources.cpuPercent,
    cpu_limit: resources.cpuLimitPercent,
    cpu_limited: resources.cpuLimited,
    memory_bytes: resources.memoryBytes,
    memory_limit_bytes: resources.memoryLimitBytes,
    disk_bytes: resources.diskBytes,
    disk_limit_bytes: resources.diskLimitBytes,
    network_rx_bytes: resources.networkRxBytes,
    network_tx_bytes: resources.networkTxBytes,
    network_protocol: resources.networkProtocol,
    uptime_ms: resources.uptimeMs,
    players: resources.players,
    isolation: {
      sandboxed: resources.isolation.sandboxed,
      kernel_limits: resources.isolation.kernelLimits,
      host_network_blocked: resources.isolation.hostNetworkBlocked,
      kernel_disk_quota: resources.isolation.kernelDiskQuota,
    },
  };
}
