import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { NotificationListQuerySchema, NotificationRef } from '../../schemas/notifications';

/** GET /notifications: the caller's notifications, newest first, with the unread count. */
export async function listNotificationsRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        tags: ['notifications'],
        summary: 'Your notifications',
        description:
          'Newest first, paginated; `meta.unread` counts the unread ones. Made from the events of the servers you own or may receive notifications of (notification.read), as you chose per server; kept 30 days.',
        security: [{ bearer: [] }],
        querystring: NotificationListQuerySchema,
        response: {
          200: Type.Object({
            data: Type.Array(NotificationRef),
            meta: Type.Object({ page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer(), unread: Type.Integer() }),
          }),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request) => {
      const { page, per_page: perPage, unread: unreadOnly = false } = request.query;
      const { data, total, unread } = await app.notifications.list(request.user!.id, { page, perPage, unreadOnly });
      return { data, meta: { page, per_page: perPage, total, unread } };
    },
  );
}
