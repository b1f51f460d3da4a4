import cronstrue from 'cronstrue';
import { cronLocale, isCronLocaleReady } from './cronLocales';

/** The five fields of a cron expression. */
export interface CronParts {
  minute: string;
  hour: string;
  day_of_month: string;
  month: string;
  day_of_week: string;
}

/** `0 4 * * 1` from the five fields. */
export function cronExpression(parts: CronParts): string {
  return [parts.minute, parts.hour, parts.day_of_month, parts.month, parts.day_of_week].map((part) => (part ?? '').trim() || '*').join(' ');
}

/**
 * A readable description of the fields in the user's language, or null when they do not parse.
 * The language's words must be loaded first (`loadCronLocale`, or `useCronDescriber` in a
 * component); until then, and if they cannot be loaded, it is English.
 */
export function describeCron(parts: CronParts, language: string): string | null {
  const locale = isCronLocaleReady(language) ? cronLocale(language) : 'en';
  try {
    return cronstrue.toString(cronExpression(parts), { locale, use24HourTimeFormat: true, throwExceptionOnParseError: true, verbose: false });
  } catch {
    return null;
  }
}

/** Ready-made schedules for the dialog's preset buttons. */
export const cronPresets: ReadonlyArray<{ key: string; parts: CronParts }> = [
  { key: 'hourly', parts: { minute: '0', hour: '*', day_of_month: '*', month: '*', day_of_week: '*' } },
  { key: 'every6h', parts: { minute: '0', hour: '*/6', day_of_month: '*', month: '*', day_of_week: '*' } },
  { key: 'daily4', parts: { minute: '0', hour: '4', day_of_month: '*', month: '*', day_of_week: '*' } },
  { key: 'weekly', parts: { minute: '0', hour: '4', day_of_month: '*', month: '*', day_of_week: '1' } },
  { key: 'monthly', parts: { minute: '0', hour: '4', day_of_month: '1', month: '*', day_of_week: '*' } },
];
