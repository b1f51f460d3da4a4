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
