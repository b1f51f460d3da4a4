import { dateTimeFormatter } from './formatDateTime';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A formatter of numbers in `language` with at most `maximumFractionDigits` decimals, made once
 * and kept: the panel formats live figures on every update, and making a formatter costs far
 * more than formatting with one.
 */
export function numberFormatter(language: string | undefined, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${language ?? ''}|${maximumFractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, { maximumFractionDigits });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Makes the formatters the panel's pages use first (their figures' numbers, dates), in `language`.
 * The first formatter of a page load costs tens of milliseconds on a slow phone (the browser
 * loads its number and calendar data then), which would otherwise fall in the render that draws
 * the page's content. The panel calls this while it waits for the page's data.
 */
export function warmFormatters(language: string): void {
  for (const digits of [0, 1]) numberFormatter(language, digits).format(1.5);
  dateTimeFormatter(language, undefined).format(0);
}
