import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { ServerParamsSchema } from '../../schemas/servers';
import { NotificationSettingsSchema, UpdateNotificationSettingsBodySchema } from '../../schemas/notifications';

/** Writes of one's notification choices per user, server and minute. */
const SETTINGS_WRITES = { limit: 30, windowMs: 60_000 };

/** GET and PUT /servers/{id}/notifications: which of the server's events reach the caller, in the panel and by mail. */
export async function notificationSettingsRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    '/:id/notifications',
    {
      schema: {
        operationId: 'getServerNotificationSettings',
        tags: ['notifications'],
        summary: 'Your notification choices for this server',
        description:
          'For every event: `panel` (the notification list) and `mail`. Until changed: crashes, restarts given up, failed installs and backups and the node going offline in the panel; crashes and restarts given up by mail too. Needs notification.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: NotificationSettingsSchema }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'notification.read' },
    },
    async (request) => ({ data: { events: await app.notifications.settings(request.user!.id, request.serverAccess!.server) } }),
  );
  typed.put(
    '/:id/notifications',
    {
      schema: {
        operationId: 'updateServerNotificationSettings',
        tags: ['notifications'],
        summary: 'Change your notification choices for this server',
        description: 'The events listed get the choices given, each event once; the others keep theirs. Answers every event’s choice. Needs notification.read; audited.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: UpdateNotificationSettingsBodySchema,
        response: { 200: Type.Object({ data: NotificationSettingsSchema }), ...errorResponses(401, 403, 404, 419, 422, 429) },
      },
      attachValidation: true,
      config: { serverPermission: 'notification.read' },
    },
    async (request) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `notification.settings:${request.user!.id}:${server.uuid}`, ...SETTINGS_WRITES });
      const events = await app.notifications.updateSettings(request.user!.id, server, request.body, { userId: request.user!.id, ip: request.ip });
      return { data: { events } };
    },
  );
}
