/** The clock of an account: 12 hours (am/pm) or 24 hours (the default). */
export type TimeFormat = 12 | 24;

/** What is shown: date and time (the default), the time alone, or the date alone. */
export type DateTimeStyle = 'dateTime' | 'time' | 'date';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The one formatter of dates and times in the panel: the user's language and clock. Every date
 * shown goes through it, so the account's time_format is honoured everywhere.
 */
export function dateTimeFormatter(language: string, timeFormat: number | undefined, style: DateTimeStyle = 'dateTime'): Intl.DateTimeFormat {
  const hourCycle = timeFormat === 12 ? 'h12' : 'h23';
  const key = `${language}|${hourCycle}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      language,
      style === 'date' ? { dateStyle: 'medium' } : style === 'time' ? { timeStyle: 'short', hourCycle } : { dateStyle: 'medium', timeStyle: 'short', hourCycle },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A date and time (ISO text, epoch milliseconds or Date) in the user's language and clock.
 * Returns text that is not a date unchanged.
 */
export function formatDateTime(value: string | number | Date, language: string, timeFormat: number | undefined, style: DateTimeStyle = 'dateTime'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateTimeFormatter(language, timeFormat, style).format(date);
}
