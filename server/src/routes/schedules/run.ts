import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ScheduleParamsSchema, ScheduleRunRef } from '../../schemas/schedules';
import { runView } from '../../services/schedules/scheduleView';

/** POST /servers/{id}/schedules/{schedule}/run: runs the chain now. */
export async function runScheduleRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/schedules/:schedule/run',
    {
      schema: {
        operationId: 'runServerSchedule',
        tags: ['schedules'],
        summary: 'Run a schedule now',
        description: 'Needs schedule.update. Answers the run as it starts; its outcome lands in the history. 409 while a run of it is under way.',
        security: [{ bearer: [] }],
        params: ScheduleParamsSchema,
        response: { 202: Type.Object({ data: ScheduleRunRef }), ...errorResponses(401, 403, 404, 409, 419, 429) },
      },
      config: { serverPermission: 'schedule.update' },
    },
    async (request, reply) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `schedule.run:${request.user!.id}:${server.uuid}`, limit: 20, windowMs: 60_000 });
      const run = await app.schedules.runNow(server, request.params.schedule, { userId: request.user!.id, ip: request.ip });
      return reply.code(202).send({ data: runView(run) });
    },
  );
}
