import type { FastifyInstance } from 'fastify';
import { NotificationSchema } from '../../schemas/notifications';
import { listNotificationsRoute } from './list';
import { markNotificationsReadRoute } from './mark-read';
import { notificationSettingsRoutes } from './settings';

/** Shared schema component `Notification`. */
export function addNotificationSchemas(app: FastifyInstance): void {
  app.addSchema(NotificationSchema);
}

/** The caller's own notifications at /api/v2/notifications (tag `notifications`); every one needs a bearer token. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  await app.register(listNotificationsRoute);
  await app.register(markNotificationsReadRoute);
}

/** A user's notification choices for one server under /api/v2/servers/{id}/notifications. */
export async function serverNotificationRoutes(app: FastifyInstance): Promise<void> {
  await app.register(notificationSettingsRoutes);
}
