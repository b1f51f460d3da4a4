import type { MailMessage } from './Mailer';

interface InvitationMailInput {
  to: string;
  inviter: string;
  serverName: string;
  /** The panel's address, without a trailing slash. */
  panelUrl: string;
}

/** The mail to an address without an account: sign up (or log in) and accept with the token. */
export function invitationMail({ to, inviter, serverName, panelUrl }: InvitationMailInput, token: string, expiresAt: Date): MailMessage {
  const link = `${panelUrl}/?invitation=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `${inviter} shared the game server "${serverName}" with you`,
    text: [
      `${inviter} invited you to help manage the game server "${serverName}".`,
      '',
      'Open this link, create an account (or log in) and accept the invitation:',
      link,
      '',
      `The link works once and until ${expiresAt.toUTCString()}.`,
      'If you did not expect this mail, ignore it: nothing happens without you.',
    ].join('\n'),
  };
}

/** The notice to an existing account: the server now appears in their list. */
export function sharedNoticeMail({ to, inviter, serverName, panelUrl }: InvitationMailInput): MailMessage {
  return {
    to,
    subject: `${inviter} shared the game server "${serverName}" with you`,
    text: [`${inviter} gave you access to the game server "${serverName}".`, '', 'It is in your server list now:', `${panelUrl}/`].join('\n'),
  };
}
