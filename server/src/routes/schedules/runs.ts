import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ScheduleParamsSchema, ScheduleRunRef } from '../../schemas/schedules';
import { runView } from '../../services/schedules/scheduleView';

/** GET /servers/{id}/schedules/{schedule}/runs: the last 50 runs, newest first. */
export async function listScheduleRunsRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/servers/:id/schedules/:schedule/runs',
    {
      schema: {
        operationId: 'listServerScheduleRuns',
        tags: ['schedules'],
        summary: 'The history of a schedule',
        description: 'Needs schedule.read. The last 50 runs with each task’s outcome and output.',
        security: [{ bearer: [] }],
        params: ScheduleParamsSchema,
        response: { 200: Type.Object({ data: Type.Array(ScheduleRunRef) }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'schedule.read' },
    },
    async (request) => ({ data: (await app.schedules.runs(request.serverAccess!.server, request.params.schedule)).map(runView) }),
  );
}
