import { Cron } from 'croner';

/** The five cron fields of a schedule. */
export interface CronFields {
  minute: string;
  hour: string;
  dayOfMonth: string;
  month: string;
  dayOfWeek: string;
}

const FIELD_TEXT: Record<keyof CronFields, { api: string; text: string }> = {
  minute: { api: 'minute', text: 'Not a valid minute: use 0–59, *, lists (1,15), ranges (1-5) or steps (*/5).' },
  hour: { api: 'hour', text: 'Not a valid hour: use 0–23, *, lists (1,15), ranges (1-5) or steps (*/2).' },
  dayOfMonth: { api: 'day_of_month', text: 'Not a valid day of the month: use 1–31, *, lists, ranges or steps.' },
  month: { api: 'month', text: 'Not a valid month: use 1–12 or JAN–DEC, *, lists, ranges or steps.' },
  dayOfWeek: { api: 'day_of_week', text: 'Not a valid day of the week: use 0–7 or SUN–SAT (0 and 7 are Sunday), *, lists, ranges or steps.' },
};

// One field: no spaces (a space would smuggle in another field), only cron characters.
const FIELD = /^[0-9A-Za-z*,/\-?]+$/;
const ORDER: Array<keyof CronFields> = ['minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'];

function patternOf(fields: CronFields): string {
  return ORDER.map((key) => fields[key].trim()).join(' ');
}

/** Whether `timezone` is an IANA name this runtime knows. */
export function isTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Per-field messages (API field names) for the cron fields: each field is checked on its own,
 * the others held at `*`, so the message names the field that is wrong.
 */
export function cronFieldErrors(fields: CronFields): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of ORDER) {
    const value = fields[key].trim();
    const probe: CronFields = { minute: '*', hour: '*', dayOfMonth: '*', month: '*', dayOfWeek: '*', [key]: value };
    let ok = FIELD.test(value);
    if (ok) {
      try {
        new Cron(patternOf(probe), { paused: true });
      } catch {
        ok = false;
      }
    }
    if (!ok) errors[FIELD_TEXT[key].api] = FIELD_TEXT[key].text;
  }
  if (Object.keys(errors).length === 0) {
    // Valid fields that never meet (30 February) have no next time.
    try {
      if (!new Cron(patternOf(fields), { paused: true }).nextRun()) errors.day_of_month = 'This date never comes (for example 30 February).';
    } catch {
      errors.minute = 'Not a valid cron expression.';
    }
  }
  return errors;
}

/** The next `count` times the fields are due after `from`, read in `timezone`. */
export function nextRuns(fields: CronFields, timezone: string, count: number, from: Date = new Date()): Date[] {
  return new Cron(patternOf(fields), { paused: true, timezone }).nextRuns(count, from);
}

/** The next time the fields are due after `from`, or null. */
export function nextRun(fields: CronFields, timezone: string, from: Date = new Date()): Date | null {
  return nextRuns(fields, timezone, 1, from)[0] ?? null;
}
