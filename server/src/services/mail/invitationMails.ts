import type { MailMessage } from './Mailer';
import type { MailLanguage } from './mailTranslator';

interface InvitationMailInput {
  to: string;
  inviter: string;
  serverName: string;
  /** The panel's address, without a trailing slash. */
  panelUrl: string;
}

/** A moment in the mail's language, in UTC (the mail cannot know the reader's time zone). */
function utcDateTime(date: Date, language: string): string {
  return `${new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

/** The mail to an address without an account: sign up (or log in) and accept with the token. */
export function invitationMail({ to, inviter, serverName, panelUrl }: InvitationMailInput, token: string, expiresAt: Date, { t, language }: MailLanguage): MailMessage {
  const link = `${panelUrl}/?invitation=${encodeURIComponent(token)}`;
  const names = { inviter, server: serverName };
  return {
    to,
    subject: t('mail.shared.subject', '{{inviter}} shared the game server "{{server}}" with you', names),
    text: [
      t('mail.invitation.intro', '{{inviter}} invited you to help manage the game server "{{server}}".', names),
      '',
      t('mail.invitation.howTo', 'Open this link, create an account (or log in) and accept the invitation:'),
      link,
      '',
      t('mail.invitation.validity', 'The link works once and until {{time}}.', { time: utcDateTime(expiresAt, language) }),
      t('mail.invitation.unexpected', 'If you did not expect this mail, ignore it: nothing happens without you.'),
    ].join('\n'),
  };
}

/** The notice to an existing account: the server now appears in their list. */
export function sharedNoticeMail({ to, inviter, serverName, panelUrl }: InvitationMailInput, { t }: MailLanguage): MailMessage {
  const names = { inviter, server: serverName };
  return {
    to,
    subject: t('mail.shared.subject', '{{inviter}} shared the game server "{{server}}" with you', names),
    text: [
      t('mail.shared.intro', '{{inviter}} gave you access to the game server "{{server}}".', names),
      '',
      t('mail.shared.whereToFind', 'It is in your server list now:'),
      `${panelUrl}/`,
    ].join('\n'),
  };
}
