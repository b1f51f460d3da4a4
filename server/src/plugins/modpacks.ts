import fp from 'fastify-plugin';
import { ModpackInstaller } from '../services/modpacks/ModpackInstaller';

declare module 'fastify' {
  interface FastifyInstance {
    /** Modpack installs (.mrpack), run as version-switch jobs. */
    modpacks: ModpackInstaller;
  }
}

/** The modpack installer, downloading from the pack hosts (or the local catalogue standing in for them). */
export const modpacksPlugin = fp(
  async (app) => {
    const e = app.catalogue.endpoints;
    const localBase = app.catalogue.local ? e.mojang.replace(/\/mojang$/, '') : null;
    app.decorate('modpacks', new ModpackInstaller(app, localBase));
  },
  { name: 'modpacks', dependencies: ['versions'] },
);
