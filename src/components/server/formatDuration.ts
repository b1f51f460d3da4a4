import type { TFunction } from 'i18next';

/** A running time in its two largest units, e.g. "2 d 3 h", "5 h 12 min", "4 min 3 s". */
export function formatDuration(t: TFunction, ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (days > 0) return t('units.duration.daysHours', '{{days}} d {{hours}} h', { days, hours });
  if (hours > 0) return t('units.duration.hoursMinutes', '{{hours}} h {{minutes}} min', { hours, minutes });
  if (minutes > 0) return t('units.duration.minutesSeconds', '{{minutes}} min {{seconds}} s', { minutes, seconds });
  return t('units.duration.seconds', '{{seconds}} s', { seconds });
}
