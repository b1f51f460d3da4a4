import fp from 'fastify-plugin';
import { ServerTransfers } from '../services/nodes/transfers/ServerTransfers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Moves of servers between nodes (admin API, CLI), with their progress. */
    transfers: ServerTransfers;
  }
}

/**
 * The server transfers between nodes: one job per server, followed through GET …/transfer. On
 * ready (after the runtime has opened its nodes, before servers are recovered) the moves a stopped
 * panel left unfinished are finished or rolled back; on close the moves in progress stop where
 * they are, for the next start to settle.
 */
export const transfersPlugin = fp(
  async (app) => {
    const transfers = new ServerTransfers({ db: app.db, runtime: app.runtime, config: app.config, log: app.log });
    app.decorate('transfers', transfers);
    app.addHook('onReady', async () => transfers.recover());
    // Runs before the runtime's onClose (later plugins close first): the servers are still followed.
    app.addHook('onClose', async () => transfers.close());
  },
  { name: 'transfers', dependencies: ['runtime'] },
);
