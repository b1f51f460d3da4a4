import type { MailMessage } from './Mailer';
import { mailDateTime } from './mailDateTime';
import type { MailLanguage } from './mailTranslator';

/** The "forgot password" mail: a single-use link to the reset page. */
export function passwordResetMail({ to, username, panelUrl }: { to: string; username: string; panelUrl: string }, token: string, expiresAt: Date, mail: MailLanguage): MailMessage {
  const { t } = mail;
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
      t('mail.passwordReset.validity', 'The link works once and until {{time}}.', { time: mailDateTime(expiresAt, mail) }),
      t('mail.passwordReset.twoFactor', 'Two-factor authentication stays on: you will still need your code to log in.'),
      t('mail.passwordReset.unexpected', 'If you did not ask for this, ignore this mail: your password stays as it is.'),
    ].join('\n'),
  };
}
