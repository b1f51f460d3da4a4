import type { ScheduleRow } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import { powerSignals, type PowerSignal } from '../../runtime/types';
import { SCHEDULE_LIMITS, type TaskInput, type UpdateScheduleBody } from '../../schemas/schedules';
import { accessAllows, type ServerAccess } from '../permissions/serverAccess';
import { cronFieldErrors, isTimezone, type CronFields } from './cron';

const POWER_PERMISSION = { start: 'control.start', stop: 'control.stop', kill: 'control.stop', restart: 'control.restart' } as const;

/** Checks the whole input (cron, timezone, tasks) and throws one 422 naming every bad field. */
export function validateSchedule(input: UpdateScheduleBody, current: ScheduleRow | null, access: ServerAccess, errors: Record<string, string[]> = {}): void {
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (input.name !== undefined && input.name.trim() === '') add('name', 'This field is required');
  const fields: CronFields = {
    minute: input.minute ?? current?.minute ?? '*',
    hour: input.hour ?? current?.hour ?? '*',
    dayOfMonth: input.day_of_month ?? current?.dayOfMonth ?? '*',
    month: input.month ?? current?.month ?? '*',
    dayOfWeek: input.day_of_week ?? current?.dayOfWeek ?? '*',
  };
  for (const [field, message] of Object.entries(cronFieldErrors(fields))) if (!errors[field]) add(field, message);
  if (input.timezone !== undefined && !isTimezone(input.timezone)) add('timezone', 'Unknown timezone: use an IANA name such as Europe/Berlin or UTC.');
  const runOnCron = input.run_on_cron ?? current?.runOnCron ?? true;
  const triggerEvent = input.trigger_event !== undefined ? input.trigger_event : (current?.triggerEvent ?? null);
  const triggerMinutes = input.trigger_minutes !== undefined ? input.trigger_minutes : (current?.triggerMinutes ?? null);
  if (!runOnCron && triggerEvent === null) add('trigger_event', 'Choose the event that runs it, or let the cron times run it.');
  if (triggerEvent === 'empty' && triggerMinutes === null && !errors.trigger_minutes) add('trigger_minutes', 'Enter after how many minutes without players it runs.');
  input.tasks?.forEach((task, index) => validateTask(task, `tasks.${index}`, access, add));
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** Checks one task: its payload, and that the schedule's creator may do what it does. */
export function validateTask(task: Partial<TaskInput>, prefix: string, access: ServerAccess, add: (field: string, message: string) => void): void {
  const payload = (task.payload ?? '').trim();
  if (task.action === 'command') {
    if (payload === '') add(`${prefix}.payload`, 'Enter the command to send.');
    else if (payload.length > SCHEDULE_LIMITS.commandLength) add(`${prefix}.payload`, `Must be at most ${SCHEDULE_LIMITS.commandLength} characters`);
    else if (/[\r\n]/.test(payload)) add(`${prefix}.payload`, 'One command, on one line.');
    if (!accessAllows(access, 'control.console')) add(`${prefix}.action`, 'You may not send console commands, so a schedule cannot either.');
  } else if (task.action === 'power') {
    if (!(powerSignals as readonly string[]).includes(payload)) add(`${prefix}.payload`, 'Choose start, stop, restart or kill.');
    else if (!accessAllows(access, POWER_PERMISSION[payload as PowerSignal])) add(`${prefix}.action`, `You may not ${payload} the server, so a schedule cannot either.`);
  } else if (task.action === 'backup') {
    if (Buffer.byteLength(task.payload ?? '') > SCHEDULE_LIMITS.ignoredBytes) add(`${prefix}.payload`, `Must be at most ${SCHEDULE_LIMITS.ignoredBytes} bytes.`);
    if (!accessAllows(access, 'backup.create')) add(`${prefix}.action`, 'You may not create backups, so a schedule cannot either.');
  }
}
