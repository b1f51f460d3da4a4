import fp from 'fastify-plugin';
import { ThresholdWatcher } from '../services/thresholds/ThresholdWatcher';

declare module 'fastify' {
  interface FastifyInstance {
    /** Fires `resource.threshold` when a server's CPU, memory or disk stays above its customer's threshold. */
    thresholdWatcher: ThresholdWatcher;
  }
}

/** Minutes last this long unless tests shorten them (PanelConfig.eventTuning). */
const MINUTE_MS = 60_000;

/** The threshold watcher, fed by the resource samples the runtime already sends to the consoles. */
export const thresholdsPlugin = fp(
  async (app) => {
    const watcher = new ThresholdWatcher({ db: app.db, events: app.panelEvents, log: app.log, minuteMs: app.config.eventTuning?.minuteMs ?? MINUTE_MS });
    app.decorate('thresholdWatcher', watcher);
    const untap = app.runtime.events.tap((uuid, event) => {
      if (event.type === 'stats') watcher.sampled(uuid, event.resources);
      else if (event.type === 'state' && event.state !== 'running') watcher.reset(uuid);
    });
    app.addHook('onClose', async () => untap());
  },
  { name: 'thresholds', dependencies: ['runtime', 'events', 'database'] },
);
