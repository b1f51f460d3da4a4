import fp from 'fastify-plugin';
import { SleepManager } from '../services/sleep/SleepManager';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sleep and wake of game servers (listening while stopped, auto-stop when empty). */
    sleep: SleepManager;
  }
}

/**
 * The sleep manager. It starts listening only when `app.sleep.start()` is called (server.ts does,
 * after the runtime has recovered the servers that still run, so it never takes a running game's
 * port). PANEL_TEST_SLEEP_MINUTE_MS shortens the auto-stop "minute" for tests.
 */
export const sleepPlugin = fp(
  async (app) => {
    const minuteMs = Number(process.env.PANEL_TEST_SLEEP_MINUTE_MS) > 0 ? Number(process.env.PANEL_TEST_SLEEP_MINUTE_MS) : 60_000;
    const manager = new SleepManager({ db: app.db, runtime: app.runtime, log: app.log, minuteMs });
    app.decorate('sleep', manager);
    // Before the runtime's onClose (later plugins close first): the ports are free for the games.
    app.addHook('onClose', async () => manager.close());
  },
  { name: 'sleep', dependencies: ['runtime', 'database'] },
);
