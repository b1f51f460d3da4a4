import { eq } from 'drizzle-orm';
import { servers, type ServerRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { loadServerViews, type ServerViewRow } from '../servers/serverView';
import type { AdminServer } from '../../schemas/admin';
import type { ProvisioningContext } from '../servers/ProvisioningContext';
import type { RuntimeManager } from '../servers/RuntimeManager';
import { serverApiState } from '../nodes/serverApiState';

/** The admin API's view of a server, with the state its runtime reports now. */
export function toAdminServer(view: ServerViewRow, runtime: Pick<RuntimeManager, 'state' | 'nodeState'>): AdminServer {
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
    state: serverApiState(runtime, server),
    install_status: server.installStatus as AdminServer['install_status'],
    install_error: server.installError,
    suspended: server.suspended,
    suspension_reason: server.suspensionReason,
    allocation: view.allocation ? { ...view.allocation, host: view.node.publicHost } : null,
    node: view.node.name,
    created_at: server.createdAt.toISOString(),
  };
}

/** The admin view of one server row (reloaded, so it shows the latest state). */
export async function adminServerOf({ db, runtime }: Pick<ProvisioningContext, 'db' | 'runtime'>, server: ServerRow): Promise<AdminServer> {
  const [view] = await loadServerViews(db, eq(servers.id, server.id));
  if (!view) throw notFound('Server');
  return toAdminServer(view, runtime);
}
