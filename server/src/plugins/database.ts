import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle database (PGlite or PostgreSQL). */
    db: Database;
  }
}

/** Makes the opened database available as `app.db` and closes it when the app closes. */
export const databasePlugin = fp<{ handle: DatabaseHandle; closeOnShutdown: boolean }>(
  async (app, { handle, closeOnShutdown }) => {
    app.decorate('db', handle.db);
    handle.onConnectionLost((error) => app.log.warn({ err: error }, 'database connection lost; the next query opens a new one'));
    if (closeOnShutdown) app.addHook('onClose', async () => handle.close());
  },
  { name: 'database' },
);
