import fp from 'fastify-plugin';
import { DiskQuota } from '../services/files/DiskQuota';
import { SftpDoor } from '../services/sftp/SftpDoor';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SFTP server (started by server.ts with the panel; tests start it on a free port). */
    sftp: SftpDoor;
    /** The plan disk-space check every file change shares (web uploads and SFTP count their bytes in flight together). */
    diskQuota: DiskQuota;
  }
}

/**
 * The SFTP door. Building the app never opens a port (the OpenAPI generator, the CLI and most
 * tests build one): `app.sftp.start()` does, after the app is ready.
 */
export const sftpPlugin = fp(
  async (app) => {
    const quota = new DiskQuota(app.db);
    app.decorate('diskQuota', quota);
    const door = new SftpDoor({ config: app.config, db: app.db, rateLimiter: app.rateLimiter, quota, files: (uuid) => app.runtime.files(uuid), log: app.log });
    app.decorate('sftp', door);
    // Before the runtime and the database close (later plugins close first).
    app.addHook('onClose', async () => door.close());
  },
  { name: 'sftp', dependencies: ['runtime', 'database', 'rate-limit'] },
);
