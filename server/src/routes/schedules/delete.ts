import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { ScheduleParamsSchema } from '../../schemas/schedules';

/** DELETE /servers/{id}/schedules/{schedule}: the schedule, its tasks and history. */
export async function deleteScheduleRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().delete(
    '/servers/:id/schedules/:schedule',
    {
      schema: {
        operationId: 'deleteServerSchedule',
        tags: ['schedules'],
        summary: 'Delete a schedule',
        description: 'Needs schedule.delete.',
        security: [{ bearer: [] }],
        params: ScheduleParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 419) },
      },
      config: { serverPermission: 'schedule.delete' },
    },
    async (request, reply) => {
      await app.schedules.delete(request.serverAccess!.server, request.params.schedule, { userId: request.user!.id, ip: request.ip });
      return reply.code(204).send(null);
    },
  );
}
