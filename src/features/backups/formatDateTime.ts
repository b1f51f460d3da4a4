/**
 * A date and time in the user's language and clock (12 or 24 hours, from their account).
 * Returns the input unchanged when it is not a date.
 */
export function formatDateTime(iso: string, language: string, timeFormat: number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hour12: timeFormat === 12,
  }).format(date);
}
