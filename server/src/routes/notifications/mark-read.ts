import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { MarkNotificationsReadBodySchema } from '../../schemas/notifications';

/** POST /notifications/read: marks some (ids) or all of the caller's notifications read. */
export async function markNotificationsReadRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/notifications/read',
    {
      schema: {
        operationId: 'markNotificationsRead',
        tags: ['notifications'],
        summary: 'Mark notifications read',
        description: '`ids` (your notifications; others are ignored) or `all: true`. Answers how many stay unread.',
        security: [{ bearer: [] }],
        body: MarkNotificationsReadBodySchema,
        response: { 200: Type.Object({ meta: Type.Object({ unread: Type.Integer() }) }), ...errorResponses(401, 419, 422) },
      },
      attachValidation: true,
    },
    async (request) => {
      FieldErrors.fromRequest(request).throwIfAny();
      return { meta: { unread: await app.notifications.markRead(request.user!.id, request.body) } };
    },
  );
}
