import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { CreateScheduleBodySchema, ScheduleRef } from '../../schemas/schedules';
import { ServerParamsSchema } from '../../schemas/servers';
import { scheduleView, throwSchemaErrors } from '../../services/schedules/scheduleView';

/** POST /servers/{id}/schedules: a schedule with its chain of tasks. */
export async function createScheduleRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/schedules',
    {
      schema: {
        operationId: 'createServerSchedule',
        tags: ['schedules'],
        summary: 'Create a schedule',
        description:
          'Needs schedule.create, and for each task the key a click would need (control.console, control.start/stop/restart, backup.create). Cron fields are checked one by one (422 per field); at most 20 schedules per server (409), 10 tasks each, delays up to 900 s.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: CreateScheduleBodySchema,
        response: { 201: Type.Object({ data: ScheduleRef }), ...errorResponses(401, 403, 404, 409, 419, 422, 429) },
      },
      attachValidation: true,
      config: { serverPermission: 'schedule.create' },
    },
    async (request, reply) => {
      throwSchemaErrors(request);
      const access = request.serverAccess!;
      await app.rateLimit({ key: `schedule.write:${request.user!.id}:${access.server.uuid}`, limit: 60, windowMs: 60_000 });
      const created = await app.schedules.create(access.server, request.body, access, { userId: request.user!.id, ip: request.ip });
      return reply.code(201).send({ data: scheduleView(created) });
    },
  );
}
