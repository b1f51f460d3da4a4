import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ScheduleParamsSchema, ScheduleRef, UpdateScheduleBodySchema } from '../../schemas/schedules';
import { scheduleView, throwSchemaErrors } from '../../services/schedules/scheduleView';

/** PATCH /servers/{id}/schedules/{schedule}: change fields; `tasks` replaces the whole chain. */
export async function updateScheduleRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().patch(
    '/servers/:id/schedules/:schedule',
    {
      schema: {
        operationId: 'updateServerSchedule',
        tags: ['schedules'],
        summary: 'Change a schedule (enable, disable, cron, tasks)',
        description: 'Needs schedule.update. The next time is computed again from now.',
        security: [{ bearer: [] }],
        params: ScheduleParamsSchema,
        body: UpdateScheduleBodySchema,
        response: { 200: Type.Object({ data: ScheduleRef }), ...errorResponses(401, 403, 404, 419, 422, 429) },
      },
      attachValidation: true,
      config: { serverPermission: 'schedule.update' },
    },
    async (request) => {
      throwSchemaErrors(request);
      const access = request.serverAccess!;
      await app.rateLimit({ key: `schedule.write:${request.user!.id}:${access.server.uuid}`, limit: 60, windowMs: 60_000 });
      const updated = await app.schedules.update(access.server, request.params.schedule, request.body, access, { userId: request.user!.id, ip: request.ip });
      return { data: scheduleView(updated) };
    },
  );
}
