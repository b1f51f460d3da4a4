import fp from 'fastify-plugin';
import { Catalogue, localEndpoints } from '../games/catalogue/Catalogue';
import { startLocalCatalogue } from '../games/catalogue/offline/catalogueServer';
import { SwitchJobs } from '../services/versions/SwitchJobs';
import { catalogueInstallSteps } from '../services/versions/catalogueInstallSteps';
import { VersionService } from '../services/versions/VersionService';

declare module 'fastify' {
  interface FastifyInstance {
    /** The software catalogue (Mojang, PaperMC, Purpur, Fabric, Forge, NeoForge, Adoptium, flying-squid). */
    catalogue: Catalogue;
    /** Version switches and setups running as jobs. */
    switchJobs: SwitchJobs;
    /** The versions of servers' software: overview, catalogue versions, switch targets and switches. */
    versions: VersionService;
  }
}

/**
 * The catalogue on the public APIs, or on PANEL_CATALOGUE_URL (a local catalogue server; "local"
 * starts the recorded one inside the panel for the offline demo), the switch jobs and the version service. Server
 * installs take the Minecraft server jar from it as well.
 */
export const versionsPlugin = fp(
  async (app) => {
    let endpoints;
    if (app.config.catalogueUrl === 'local') {
      const local = await startLocalCatalogue();
      app.addHook('onClose', () => local.close());
      endpoints = localEndpoints(local.url);
      app.log.info({ url: local.url }, 'local software catalogue (recorded answers) started');
    } else if (app.config.catalogueUrl) endpoints = localEndpoints(app.config.catalogueUrl);
    const catalogue = new Catalogue({ endpoints, curseforgeApiKey: app.config.curseforgeApiKey });
    const jobs = new SwitchJobs({ db: app.db, runtime: app.runtime, backups: app.backups, catalogue, dataDir: app.config.dataDir, log: app.log });
    // Installs fetch the Minecraft server jar through the catalogue too, wherever it points.
    app.runtime.resolveInstallSteps = (steps) => catalogueInstallSteps(catalogue, steps);
    app.decorate('catalogue', catalogue);
    app.decorate('switchJobs', jobs);
    app.decorate(
      'versions',
      new VersionService({
        db: app.db,
        // Looked up on each use: the panel's catalogue may be pointed elsewhere while it runs.
        get catalogue() {
          return app.catalogue;
        },
        switchJobs: jobs,
      }),
    );
    app.addHook('onClose', async () => jobs.shutdown());
  },
  { name: 'versions', dependencies: ['runtime', 'database', 'backups'] },
);
