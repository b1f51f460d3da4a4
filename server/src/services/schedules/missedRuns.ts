import type { Database } from '../../db/client';
import { scheduleRuns, type ScheduleRow } from '../../db/schema';
import { SCHEDULE_LIMITS } from '../../schemas/schedules';
import { nextRun, type CronFields } from './cron';

/** What a missed time says in the history. */
export const MISSED_MESSAGE = 'The panel was not running at this time, so nothing ran.';

/**
 * The times a schedule was due while the panel was down: from the first one it missed up to
 * `before` (the next time it will still run), the newest `limit` of them. A schedule due every
 * minute over a week's outage gives its history's worth, not ten thousand rows.
 */
export function missedTimes(fields: CronFields, timezone: string, firstMissed: Date, before: Date, limit = SCHEDULE_LIMITS.history): Date[] {
  const times: Date[] = [];
  let time: Date | null = firstMissed;
  // Bounded: a year of a per-minute schedule, far beyond any outage worth listing.
  for (let steps = 0; time && time.getTime() < before.getTime() && steps < 525_600; steps += 1) {
    times.push(time);
    if (times.length > limit) times.shift();
    time = nextRun(fields, timezone, time);
  }
  return times;
}

/**
 * Writes each missed time into the schedule's history as a finished run with the result
 * "missed" (it started and finished at the time it was due, so the history stays in order).
 * A time already in the history (another panel process recorded it) is left as it is.
 */
export async function recordMissedRuns(db: Database, schedule: ScheduleRow, times: Date[], runner: string): Promise<number> {
  if (times.length === 0) return 0;
  const rows = await db
    .insert(scheduleRuns)
    .values(times.map((dueAt) => ({ scheduleId: schedule.id, trigger: 'schedule', dueAt, result: 'missed', error: MISSED_MESSAGE, runner, startedAt: dueAt, finishedAt: dueAt })))
    .onConflictDoNothing()
    .returning({ id: scheduleRuns.id });
  return rows.length;
}
