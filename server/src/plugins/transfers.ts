import fp from 'fastify-plugin';
import { ServerTransfers } from '../services/nodes/transfers/ServerTransfers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Moves of servers between nodes (admin API, CLI), with their progress. */
    transfers: ServerTransfers;
  }
}

/** The server transfers between nodes: one job per server, followed through GET …/transfer. */
export const transfersPlugin = fp(
  async (app) => {
    app.decorate('transfers', new ServerTransfers({ db: app.db, runtime: app.runtime, config: app.config, log: app.log }));
  },
  { name: 'transfers', dependencies: ['runtime'] },
);
