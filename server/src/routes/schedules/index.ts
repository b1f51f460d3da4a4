import type { FastifyInstance } from 'fastify';
import { ScheduleRunSchema, ScheduleSchema, ScheduleTaskSchema } from '../../schemas/schedules';
import { listSchedulesRoute } from './list';
import { getScheduleRoute } from './get';
import { createScheduleRoute } from './create';
import { updateScheduleRoute } from './update';
import { deleteScheduleRoute } from './delete';
import { runScheduleRoute } from './run';
import { listScheduleRunsRoute } from './runs';
import { scheduleTaskRoutes } from './tasks';

/** Shared schema components `ScheduleTask`, `Schedule` and `ScheduleRun`. */
export function addScheduleSchemas(app: FastifyInstance): void {
  app.addSchema(ScheduleTaskSchema);
  app.addSchema(ScheduleSchema);
  app.addSchema(ScheduleRunSchema);
}

/** Scheduled tasks under /api/v2/servers/{id}/schedules (tag `schedules`). */
export async function scheduleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(listSchedulesRoute);
  await app.register(getScheduleRoute);
  await app.register(createScheduleRoute);
  await app.register(updateScheduleRoute);
  await app.register(deleteScheduleRoute);
  await app.register(runScheduleRoute);
  await app.register(listScheduleRunsRoute);
  await app.register(scheduleTaskRoutes);
}
