import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { games, nodes, plans, servers, users } from '../../db/schema';
import type { Database } from '../../db/client';
import { loadServerViews, type ServerViewRow } from '../servers/serverView';
import type { RuntimeManager } from '../servers/RuntimeManager';
import type { AdminServerListQuery } from '../../schemas/adminArea';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The state the admin list shows: suspended and install states before the power state. */
export function adminServerState(view: ServerViewRow, runtime: Pick<RuntimeManager, 'state'>): string {
  const { server } = view;
  if (server.suspended) return 'suspended';
  if (server.installStatus !== 'installed') return server.installStatus;
  return runtime.state(server.uuid);
}

/** Servers matching the admin list's filters (owner, node, game, plan, text in SQL; the live state after). */
export async function searchAdminServers(db: Database, runtime: Pick<RuntimeManager, 'state'>, query: AdminServerListQuery): Promise<ServerViewRow[]> {
  const conditions: SQL[] = [];
  if (query.owner) {
    const owner = query.owner.toLowerCase();
    conditions.push(or(eq(users.username, owner), eq(sql`lower(${users.email})`, owner), eq(sql`${users.uuid}::text`, owner))!);
  }
  if (query.node) conditions.push(eq(nodes.name, query.node));
  if (query.game) conditions.push(eq(games.slug, query.game));
  if (query.plan) conditions.push(eq(plans.slug, query.plan));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(servers.name, pattern), ilike(servers.shortId, pattern), ilike(sql`${servers.uuid}::text`, pattern), ilike(servers.externalId, pattern))!);
  }
  // Newest first: what staff look for is mostly the server just ordered or created.
  const views = (await loadServerViews(db, conditions.length ? and(...conditions) : undefined)).sort((a, b) => b.server.id - a.server.id);
  return query.state ? views.filter((view) => adminServerState(view, runtime) === query.state) : views;
}
