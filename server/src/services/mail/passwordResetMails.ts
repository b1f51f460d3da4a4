import type { MailMessage } from './Mailer';
import type { MailLanguage } from './mailTranslator';

/** A moment in the mail's language, in UTC (the mail cannot know the reader's time zone). */
function utcDateTime(date: Date, language: string): string {
  return `${new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

/** The "forgot password" mail: a single-use link to the reset page. */
export function passwordResetMail(
  { to, username, panelUrl }: { to: string; username: string; panelUrl: string },
  token: string,
  expiresAt: Date,
  { t, language }: MailLanguage,
): MailMessage {
  const link = `${panelUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: t('mail.passwordReset.subject', 'Reset your password'),
    text: [
      t('mail.passwordReset.intro', 'Someone asked to reset the password of the account "{{username}}".', { username }),
      '',
      t('mail.passwordReset.howTo', 'Open this link to choose a new password:'),
      link,
      '',
      t('mail.passwordReset.validity', 'The link works once and until {{time}}.', { time: utcDateTime(expiresAt, language) }),
      t('mail.passwordReset.twoFactor', 'Two-factor authentication stays on: you will still need your code to log in.'),
      t('mail.passwordReset.unexpected', 'If you did not ask for this, ignore this mail: your password stays as it is.'),
    ].join('\n'),
  };
}
