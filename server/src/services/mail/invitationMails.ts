import type { MailMessage } from './Mailer';
import { mailDateTime } from './mailDateTime';
import type { MailLanguage } from './mailTranslator';

interface InvitationMailInput {
  to: string;
  inviter: string;
  serverName: string;
  /** The panel's address, without a trailing slash. */
  panelUrl: string;
}

/** The mail to an address without an account: sign up (or log in) and accept with the token. */
export function invitationMail({ to, inviter, serverName, panelUrl }: InvitationMailInput, token: string, expiresAt: Date, mail: MailLanguage): MailMessage {
  const { t } = mail;
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
      t('mail.invitation.validity', 'The link works once and until {{time}}.', { time: mailDateTime(expiresAt, mail) }),
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
    text: [t('mail.shared.intro', '{{inviter}} gave you access to the game server "{{server}}".', names), '', t('mail.shared.whereToFind', 'It is in your server list now:'), `${panelUrl}/`].join(
      '\n',
    ),
  };
}
