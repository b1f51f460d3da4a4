import type { MailMessage } from './Mailer';
import { mailDateTime } from './mailDateTime';
import type { MailLanguage } from './mailTranslator';
import { notificationSentence } from './notificationSentences';

export interface NotificationMailInput {
  to: string;
  event: string;
  data: Record<string, unknown>;
  occurredAt: Date;
  server: { shortId: string; name: string };
  /** The panel's address, without a trailing slash. */
  panelUrl: string;
  /** At most one mail per server and event in this many minutes (said in the mail). */
  windowMinutes: number;
}

/** The mail about one event: what happened and when, the server's page, and how often such mails come. */
export function notificationMail({ to, event, data, occurredAt, server, panelUrl, windowMinutes }: NotificationMailInput, mail: MailLanguage): MailMessage {
  const { t } = mail;
  const sentence = notificationSentence(t, event, server.name, data);
  const serverPage = `${panelUrl}/server/${server.shortId}`;
  return {
    to,
    subject: sentence,
    text: [
      sentence,
      t('mail.notification.when', 'It happened on {{time}}.', { time: mailDateTime(occurredAt, mail) }),
      '',
      t('mail.notification.open', 'Open the server:'),
      serverPage,
      '',
      t('mail.notification.batched', 'You get at most one mail per {{minutes}} minutes for this event on this server; any more in that time are only in the panel’s notification list.', {
        minutes: String(windowMinutes),
      }),
      t('mail.notification.settings', 'Choose which notifications you get, in the panel and by mail:'),
      `${serverPage}/notifications`,
    ].join('\n'),
  };
}
