import fp from 'fastify-plugin';
import { ExtensionService } from '../services/extensions/ExtensionService';

declare module 'fastify' {
  interface FastifyInstance {
    /** Plugins and mods of servers (catalogues, installs, updates, enable/disable, removal). */
    extensions: ExtensionService;
  }
}

/** The extensions service on the panel's catalogue and the servers' file ports. */
export const extensionsPlugin = fp(
  async (app) => {
    const service = new ExtensionService({
      db: app.db,
      runtime: app.runtime,
      // Looked up on each use: the panel's catalogue may be pointed elsewhere while it runs.
      get catalogue() {
        return app.catalogue;
      },
      dataDir: app.config.dataDir,
      log: app.log,
    });
    app.decorate('extensions', service);
  },
  { name: 'extensions', dependencies: ['runtime', 'database', 'versions'] },
);
