import fp from 'fastify-plugin';
import { WebhookDispatcher } from '../services/webhooks/WebhookDispatcher';
import { WebhookService } from '../services/webhooks/WebhookService';
import { DEFAULT_RETRY_DELAYS_MS, DEFAULT_TIMEOUT_MS } from '../services/webhooks/deliveryTimings';

declare module 'fastify' {
  interface FastifyInstance {
    /** Servers' webhooks (Discord and signed JSON) and their deliveries. */
    webhooks: WebhookService;
    /** Sends events to webhooks in the background (tests read its backlog). */
    webhookDispatcher: WebhookDispatcher;
  }
}

/** The webhook service and its dispatcher, listening to the event bus; closing lets attempts in progress finish. */
export const webhooksPlugin = fp(
  async (app) => {
    const tuning = app.config.webhookTuning ?? {};
    const allowHosts = app.config.webhookAllowHosts ?? [];
    const dispatcher = new WebhookDispatcher({
      db: app.db,
      log: app.log,
      panelSecret: app.config.secret,
      allowHosts,
      timings: { retryDelaysMs: tuning.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS, timeoutMs: tuning.timeoutMs ?? DEFAULT_TIMEOUT_MS },
      maxPendingPerHook: tuning.maxPendingPerHook,
    });
    const unsubscribe = app.panelEvents.subscribe(dispatcher.heard);
    app.decorate('webhookDispatcher', dispatcher);
    app.decorate('webhooks', new WebhookService({ db: app.db, panelSecret: app.config.secret, allowHosts, dispatcher }));
    // Retries a stopped panel had planned go on with their back-off (after the runtime recovered its servers).
    app.addHook('onReady', async () => {
      const resumed = await dispatcher.resume();
      if (resumed > 0) app.log.info({ resumed }, 'webhook retries resumed');
    });
    // A stopping panel sends nothing more at once; what waits is stored and sent by the next start.
    app.addHook('preClose', async () => dispatcher.stopSending());
    app.addHook('onClose', async () => {
      unsubscribe();
      await dispatcher.close();
    });
  },
  { name: 'webhooks', dependencies: ['events', 'database'] },
);
