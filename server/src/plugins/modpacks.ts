import fp from 'fastify-plugin';
import { fileLimitsOf } from '../services/files/fileLimits';
import { ModpackInstaller } from '../services/modpacks/ModpackInstaller';
import { ModpackService } from '../services/modpacks/ModpackService';

declare module 'fastify' {
  interface FastifyInstance {
    /** Modpacks (.mrpack): browsing, the installed pack, installs run as version-switch jobs. */
    modpacks: ModpackService;
  }
}

/** The modpack service, downloading from the pack hosts (or the local catalogue standing in for them). */
export const modpacksPlugin = fp(
  async (app) => {
    const e = app.catalogue.endpoints;
    const localBase = app.catalogue.local ? e.mojang.replace(/\/mojang$/, '') : null;
    const installer = new ModpackInstaller({
      db: app.db,
      runtime: app.runtime,
      switchJobs: app.switchJobs,
      resolveTarget: (server, target) => app.versions.resolveTarget(server, target),
      fileLimits: fileLimitsOf(app.config),
      dataDir: app.config.dataDir,
      localBase,
    });
    const service = new ModpackService({
      db: app.db,
      // Looked up on each use: the panel's catalogue may be pointed elsewhere while it runs.
      get catalogue() {
        return app.catalogue;
      },
      switchJobs: app.switchJobs,
      installer,
    });
    app.decorate('modpacks', service);
  },
  { name: 'modpacks', dependencies: ['versions'] },
);
