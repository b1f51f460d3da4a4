import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ScheduleParamsSchema, ScheduleRef, TaskInputSchema, TaskParamsSchema, UpdateTaskBodySchema } from '../../schemas/schedules';
import { scheduleView, throwSchemaErrors } from '../../services/schedules/scheduleView';

const answer = Type.Object({ data: ScheduleRef });

/** POST, PATCH and DELETE /servers/{id}/schedules/{schedule}/tasks[/{task}]: one task of the chain. */
export async function scheduleTaskRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.post(
    '/servers/:id/schedules/:schedule/tasks',
    {
      schema: {
        operationId: 'createServerScheduleTask',
        tags: ['schedules'],
        summary: 'Add a task at the end of the chain',
        description: 'Needs schedule.update and the key the task’s action needs. At most 10 tasks (409).',
        security: [{ bearer: [] }],
        params: ScheduleParamsSchema,
        body: TaskInputSchema,
        response: { 201: answer, ...errorResponses(401, 403, 404, 409, 419, 422) },
      },
      attachValidation: true,
      config: { serverPermission: 'schedule.update' },
    },
    async (request, reply) => {
      throwSchemaErrors(request);
      const access = request.serverAccess!;
      const updated = await app.schedules.addTask(access.server, request.params.schedule, request.body, access, { userId: request.user!.id, ip: request.ip });
      return reply.code(201).send({ data: scheduleView(updated) });
    },
  );
  typed.patch(
    '/servers/:id/schedules/:schedule/tasks/:task',
    {
      schema: {
        operationId: 'updateServerScheduleTask',
        tags: ['schedules'],
        summary: 'Change a task (a new sequence moves it)',
        description: 'Needs schedule.update and the key the task’s action needs.',
        security: [{ bearer: [] }],
        params: TaskParamsSchema,
        body: UpdateTaskBodySchema,
        response: { 200: answer, ...errorResponses(401, 403, 404, 419, 422) },
      },
      attachValidation: true,
      config: { serverPermission: 'schedule.update' },
    },
    async (request) => {
      throwSchemaErrors(request);
      const access = request.serverAccess!;
      const updated = await app.schedules.updateTask(access.server, request.params.schedule, request.params.task, request.body, access, { userId: request.user!.id, ip: request.ip });
      return { data: scheduleView(updated) };
    },
  );
  typed.delete(
    '/servers/:id/schedules/:schedule/tasks/:task',
    {
      schema: {
        operationId: 'deleteServerScheduleTask',
        tags: ['schedules'],
        summary: 'Remove a task from the chain',
        description: 'Needs schedule.update.',
        security: [{ bearer: [] }],
        params: TaskParamsSchema,
        response: { 200: answer, ...errorResponses(401, 403, 404, 419) },
      },
      config: { serverPermission: 'schedule.update' },
    },
    async (request) => {
      const updated = await app.schedules.deleteTask(request.serverAccess!.server, request.params.schedule, request.params.task, { userId: request.user!.id, ip: request.ip });
      return { data: scheduleView(updated) };
    },
  );
}
