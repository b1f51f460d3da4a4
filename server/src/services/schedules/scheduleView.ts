import type { FastifyRequest } from 'fastify';
import type { ScheduleRunRow } from '../../db/schema';
import { FieldErrors } from '../../lib/fieldErrors';
import { ValidationError } from '../../lib/errors';
import type { ScheduleJson, ScheduleRunJson } from '../../schemas/schedules';
import { cronFieldErrors, nextRuns } from './cron';
import type { ScheduleWithTasks } from './ScheduleService';

/** A schedule as the API shows it, with its next five times. */
export function scheduleView({ schedule, tasks }: ScheduleWithTasks): ScheduleJson {
  let upcoming: Date[] = [];
  if (schedule.enabled && schedule.runOnCron) {
    try {
      upcoming = nextRuns(schedule, schedule.timezone, 5);
    } catch {
      upcoming = [];
    }
  }
  return {
    uuid: schedule.uuid,
    name: schedule.name,
    minute: schedule.minute,
    hour: schedule.hour,
    day_of_month: schedule.dayOfMonth,
    month: schedule.month,
    day_of_week: schedule.dayOfWeek,
    timezone: schedule.timezone,
    only_when_online: schedule.onlyWhenOnline,
    run_missed: schedule.runMissed,
    enabled: schedule.enabled,
    run_on_cron: schedule.runOnCron,
    trigger_event: schedule.triggerEvent as ScheduleJson['trigger_event'],
    trigger_minutes: schedule.triggerMinutes,
    cooldown_minutes: schedule.cooldownMinutes,
    last_triggered_at: schedule.lastTriggeredAt?.toISOString() ?? null,
    next_run_at: schedule.nextRunAt?.toISOString() ?? null,
    next_runs: upcoming.map((date) => date.toISOString()),
    last_run_at: schedule.lastRunAt?.toISOString() ?? null,
    last_result: schedule.lastResult as ScheduleJson['last_result'],
    last_error: schedule.lastError,
    tasks: tasks.map((task) => ({
      uuid: task.uuid,
      sequence: task.sequence,
      action: task.action as ScheduleJson['tasks'][number]['action'],
      payload: task.payload,
      delay_seconds: task.delaySeconds,
      continue_on_failure: task.continueOnFailure,
    })),
    created_at: schedule.createdAt.toISOString(),
  };
}

export function runView(run: ScheduleRunRow): ScheduleRunJson {
  return {
    uuid: run.uuid,
    trigger: run.trigger as ScheduleRunJson['trigger'],
    trigger_event: run.triggerEvent as ScheduleRunJson['trigger_event'],
    due_at: run.dueAt?.toISOString() ?? null,
    result: run.result as ScheduleRunJson['result'],
    error: run.error,
    tasks: run.tasks,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}

type CronKey = 'minute' | 'hour' | 'day_of_month' | 'month' | 'day_of_week';

/**
 * The schema's per-field errors. When there are any, the cron fields that are strings are
 * checked too and everything is thrown at once (the service checks the rest of a valid shape).
 */
export function throwSchemaErrors(request: FastifyRequest): void {
  let errors: Record<string, string[]> = {};
  try {
    FieldErrors.fromRequest(request).throwIfAny();
    return;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    errors = { ...error.errors };
  }
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
  const value = (key: CronKey) => (typeof body[key] === 'string' && !errors[key] ? (body[key] as string) : '*');
  const cron = cronFieldErrors({ minute: value('minute'), hour: value('hour'), dayOfMonth: value('day_of_month'), month: value('month'), dayOfWeek: value('day_of_week') });
  for (const [field, message] of Object.entries(cron)) errors[field] ??= [message];
  throw new ValidationError(errors);
}
