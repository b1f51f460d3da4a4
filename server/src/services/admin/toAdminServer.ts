import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { servers, type ServerRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { loadServerViews, type ServerViewRow } from '../servers/serverView';
import type { AdminServer } from '../../schemas/admin';

export function toAdminServer(view: ServerViewRow, app: FastifyInstance): AdminServer {
  const { server } = view;
  return {
    uuid: server.uuid,
    identifier: server.shortId,
    external_id: server.externalId,
    name: server.name,
    description: server.description,
    owner: view.owner,
    game: view.game.slug,
    template: view.template.slug,
    plan: view.plan.slug,
    state: app.runtime.state(server.uuid),
    install_status: server.installStatus as AdminServer['install_status'],
    install_error: server.installError,
    suspended: server.suspended,
    allocation: view.allocation ? { ...view.allocation, host: view.node.publicHost } : null,
    created_at: server.createdAt.toISOString(),
  };
}

/** The admin view of one server row (reloaded, so it shows the latest state). */
export async function adminServerOf(app: FastifyInstance, server: ServerRow): Promise<AdminServer> {
  const [view] = await loadServerViews(app.db, eq(servers.id, server.id));
  if (!view) throw notFound('Server');
  return toAdminServer(view, app);
}
