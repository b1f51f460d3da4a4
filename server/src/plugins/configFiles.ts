import fp from 'fastify-plugin';
import { ConfigFileService } from '../services/config/ConfigFileService';

declare module 'fastify' {
  interface FastifyInstance {
    /** The config files servers' templates declare (read, save, audited). */
    configFiles: ConfigFileService;
  }
}

/** The config file service on the database and the servers' file ports. */
export const configFilesPlugin = fp(
  async (app) => {
    app.decorate('configFiles', new ConfigFileService({ db: app.db, runtime: app.runtime }));
  },
  { name: 'configFiles', dependencies: ['runtime', 'database'] },
);
