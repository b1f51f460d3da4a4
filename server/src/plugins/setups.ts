import fp from 'fastify-plugin';
import { SetupService } from '../services/setups/SetupService';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ready-made setups of servers (list, preview, apply as a switch job). */
    setups: SetupService;
  }
}

/** The setups service on the catalogue, the switch jobs and the extensions service. */
export const setupsPlugin = fp(
  async (app) => {
    const service = new SetupService({
      db: app.db,
      runtime: app.runtime,
      // Looked up on each use: the panel's catalogue may be pointed elsewhere while it runs.
      get catalogue() {
        return app.catalogue;
      },
      switchJobs: app.switchJobs,
      extensions: app.extensions,
      resolveTarget: (server, target) => app.versions.resolveTarget(server, target),
      dataDir: app.config.dataDir,
    });
    app.decorate('setups', service);
  },
  { name: 'setups', dependencies: ['runtime', 'database', 'versions', 'extensions'] },
);
