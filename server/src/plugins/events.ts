import fp from 'fastify-plugin';
import { PanelEvents } from '../services/events/PanelEvents';
import { connectRuntimeEvents } from '../services/events/runtimeEventSources';
import { watchNodeOutages } from '../services/nodes/nodeOutages';
import { relayPanelEvents } from '../services/cluster/panelEventRelay';

declare module 'fastify' {
  interface FastifyInstance {
    /** The panel's event bus: server started, crashed, backup finished ... (webhooks listen to it). */
    panelEvents: PanelEvents;
  }
}

/**
 * The event bus, fed by the runtime (power states, crashes, installs, backups, players,
 * suspension); schedules and plan changes publish their own events through it.
 */
export const eventsPlugin = fp(
  async (app) => {
    const events = new PanelEvents(app.log);
    app.decorate('panelEvents', events);
    const disconnect = connectRuntimeEvents(app.runtime, events);
    watchNodeOutages({ db: app.db, runtime: app.runtime, events, log: app.log });
    // Several panel processes: each one's live listeners hear the others' events too.
    const stopRelay = app.cluster ? await relayPanelEvents(app.cluster, events) : () => undefined;
    app.addHook('onClose', async () => {
      disconnect();
      stopRelay();
    });
  },
  { name: 'events', dependencies: ['runtime'] },
);
