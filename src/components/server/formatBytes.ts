import type { TFunction } from 'i18next';
import { numberFormatter } from '../../i18n/numberFormatter';

const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** `bytes` in the largest binary unit that keeps the number at or above 1, e.g. "1.5 GiB". */
export function formatBytes(t: TFunction, bytes: number, language?: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = numberFormatter(language, value < 10 && unit > 0 ? 1 : 0).format(value);
  switch (units[unit]) {
    case 'B':
      return t('units.bytes.b', '{{value}} B', { value: number });
    case 'KiB':
      return t('units.bytes.kib', '{{value}} KiB', { value: number });
    case 'MiB':
      return t('units.bytes.mib', '{{value}} MiB', { value: number });
    case 'GiB':
      return t('units.bytes.gib', '{{value}} GiB', { value: number });
    default:
      return t('units.bytes.tib', '{{value}} TiB', { value: number });
  }
}

/** A transfer rate, e.g. "12 KiB/s". */
export function formatRate(t: TFunction, bytesPerSecond: number, language?: string): string {
  return t('units.rate', '{{amount}}/s', { amount: formatBytes(t, bytesPerSecond, language) });
}
