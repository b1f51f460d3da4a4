import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { SCHEDULE_LIMITS, ScheduleListSchema } from '../../schemas/schedules';
import { ServerParamsSchema } from '../../schemas/servers';
import { scheduleView } from '../../services/schedules/scheduleView';

/** GET /servers/{id}/schedules: every schedule with its tasks, next times and last result. */
export async function listSchedulesRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/servers/:id/schedules',
    {
      schema: {
        operationId: 'listServerSchedules',
        tags: ['schedules'],
        summary: 'List the server’s schedules',
        description: 'Needs schedule.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: ScheduleListSchema, ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'schedule.read' },
    },
    async (request) => {
      const rows = await app.schedules.list(request.serverAccess!.server);
      return { data: rows.map(scheduleView), meta: { limit: SCHEDULE_LIMITS.schedules } };
    },
  );
}
