import fp from 'fastify-plugin';
import { panelOrigin } from '../lib/panelUrl';
import { NotificationFanOut } from '../services/notifications/NotificationFanOut';
import { NotificationService } from '../services/notifications/NotificationService';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users' notification lists and their choices per server. */
    notifications: NotificationService;
    /** Makes notifications and mails from the event bus in the background (tests wait on it). */
    notificationFanOut: NotificationFanOut;
  }
}

const DEFAULT_MAIL_WINDOW_MS = 10 * 60_000;
const PRUNE_EVERY_MS = 3600_000;

/**
 * Notifications: a subscriber of the event bus making them (and mails) for the people of each
 * server, the service behind the routes, and an hourly prune of those older than 30 days.
 */
export const notificationsPlugin = fp(
  async (app) => {
    const fanOut = new NotificationFanOut({
      db: app.db,
      log: app.log,
      mailer: app.mailer,
      panelUrl: () => panelOrigin(app),
      mailWindowMs: app.config.notificationMailWindowMs ?? DEFAULT_MAIL_WINDOW_MS,
      // Several processes: the mail window is kept in the Redis they share.
      redis: app.cluster?.redis,
    });
    const unsubscribe = app.panelEvents.subscribe(fanOut.heard);
    const prune = () => void fanOut.prune().catch((error: Error) => app.log.error({ err: error }, 'could not prune old notifications'));
    const pruning = setInterval(prune, PRUNE_EVERY_MS).unref();
    app.addHook('onReady', async () => prune());
    app.decorate('notificationFanOut', fanOut);
    app.decorate('notifications', new NotificationService(app.db, (serverUuid) => fanOut.forget(serverUuid)));
    app.addHook('onClose', async () => {
      clearInterval(pruning);
      unsubscribe();
      await fanOut.close();
    });
  },
  { name: 'notifications', dependencies: ['events', 'database', 'mailer'] },
);
