import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ScheduleParamsSchema, ScheduleRef } from '../../schemas/schedules';
import { scheduleView } from '../../services/schedules/scheduleView';

/** GET /servers/{id}/schedules/{schedule}. */
export async function getScheduleRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/servers/:id/schedules/:schedule',
    {
      schema: {
        operationId: 'getServerSchedule',
        tags: ['schedules'],
        summary: 'One schedule with its tasks',
        description: 'Needs schedule.read. Another server’s schedule is 404.',
        security: [{ bearer: [] }],
        params: ScheduleParamsSchema,
        response: { 200: Type.Object({ data: ScheduleRef }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'schedule.read' },
    },
    async (request) => ({ data: scheduleView(await app.schedules.find(request.serverAccess!.server, request.params.schedule)) }),
  );
}
