import type { MailLanguage } from './mailTranslator';

/**
 * A moment as a mail writes it: the reader's language and 12- or 24-hour clock (their account's
 * time_format), in UTC, since a mail cannot know the reader's time zone.
 */
export function mailDateTime(date: Date, { language, timeFormat }: Pick<MailLanguage, 'language' | 'timeFormat'>): string {
  const hourCycle = timeFormat === 12 ? 'h12' : 'h23';
  return `${new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC', hourCycle }).format(date)} UTC`;
}
