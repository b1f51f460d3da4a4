import fp from 'fastify-plugin';
import { syncCatalog } from '../services/servers/syncCatalog';
import { createRuntimeSetup } from '../runtime/createRuntimeSetup';
import type { RuntimeDriver } from '../runtime/RuntimeDriver';
import type { OpenNodeDriver } from '../runtime/nodes/NodeConnection';
import { RuntimeManager } from '../services/servers/RuntimeManager';
import { syncRuntimeNodes } from '../services/nodes/nodeEngines';
import { ClusteredRuntimeManager } from '../services/cluster/ClusteredRuntimeManager';
import { RuntimeLease } from '../services/cluster/RuntimeLease';

declare module 'fastify' {
  interface FastifyInstance {
    /** The game-server runtime: power, console, stats, installs. */
    runtime: RuntimeManager;
  }
}

/**
 * The runtime: the local driver and one docker driver per node, routed by the server's node. On ready the catalog (games, templates, plans, the local
 * node) is synced and the driver opened; servers are started again only by `runtime.recoverAll()`
 * (server.ts calls it after start-up). On close every running server is stopped gracefully, its
 * desired state kept, so the next start brings it back.
 */
export const runtimePlugin = fp(
  async (app, options: { driver?: RuntimeDriver; openNode?: OpenNodeDriver }) => {
    // A driver given by the caller (an in-memory one in tests) replaces the local one.
    const setup = createRuntimeSetup(app.config, app.log, { localDriver: options.driver, openNode: options.openNode });
    const managerOptions = { db: app.db, log: app.log, ...setup };
    // Several panel processes: the one holding the runtime lease runs the games (see ClusteredRuntimeManager).
    const manager = app.cluster
      ? new ClusteredRuntimeManager(managerOptions, app.cluster, new RuntimeLease(app.cluster, 'runtime', app.config.clusterLeaseMs, app.log))
      : new RuntimeManager(managerOptions);
    app.decorate('runtime', manager);
    app.addHook('onReady', async () => {
      await syncCatalog(app.db, app.config);
      // The nodes first: opening the runtime checks each one (one that does not answer stays offline).
      await syncRuntimeNodes({ db: app.db, runtime: manager, config: app.config });
      if (manager instanceof ClusteredRuntimeManager) await manager.connect();
      // The driver removes what file operations cut short by a crash left in the servers' files.
      await manager.open();
    });
    // Runs before the database plugin's onClose (hooks of later plugins close first).
    app.addHook('onClose', async () => manager.shutdown());
  },
  { name: 'runtime', dependencies: ['database'] },
);
