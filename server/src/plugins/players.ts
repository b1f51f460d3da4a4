import fp from 'fastify-plugin';
import { PlayerService } from '../services/players/PlayerService';

declare module 'fastify' {
  interface FastifyInstance {
    /** Players of Minecraft servers (who is online, whitelist, operators, bans, kicks). */
    players: PlayerService;
  }
}

/** The players service on the runtime (consoles, who is online) and the servers' file ports. */
export const playersPlugin = fp(
  async (app) => {
    app.decorate('players', new PlayerService({ db: app.db, runtime: app.runtime }));
  },
  { name: 'players', dependencies: ['runtime', 'database'] },
);
