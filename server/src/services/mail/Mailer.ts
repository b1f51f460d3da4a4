import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { createTransport as CreateTransport, Transporter } from 'nodemailer';

/** One plain-text mail (with an optional HTML alternative). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Another sender than the mailer's own (the host's run-time setting). */
  from?: string;
}

/** Sends the panel's mails (invitations, notices). */
export interface Mailer {
  /** Where mails go: 'smtp' or 'outbox' (files). */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://…; absent: mails are written to `outboxDir`. */
  smtpUrl?: string;
  /** The From header, e.g. `Game Panel <no-reply@example.com>`. */
  from: string;
  outboxDir: string;
}

/**
 * A transport made by `make` on the first mail: nodemailer is some 40 modules that a start without
 * mail to send never needs. A transport that could not be made is made again by the next mail.
 */
function onFirstMail(make: (createTransport: typeof CreateTransport) => Transporter): () => Promise<Transporter> {
  let made: Promise<Transporter> | null = null;
  return () => {
    if (!made) {
      made = import('nodemailer').then(({ createTransport }) => make(createTransport));
      made.catch(() => (made = null));
    }
    return made;
  };
}

/**
 * A Mailer sending through SMTP when `smtpUrl` is set. Without it (development, tests, a panel
 * without a mail server) each mail is written as a complete .eml file to `outboxDir`, where an
 * operator (or a test) can open it.
 */
export function createMailer({ smtpUrl, from, outboxDir }: MailerOptions): Mailer {
  if (smtpUrl) {
    // nodemailer reads only these as an address; anything else made the start fail when the
    // transport was made at once, and still does now that it is made by the first mail.
    if (!/^(smtps?|direct):/i.test(smtpUrl)) throw new Error('SMTP_URL must be an smtp:// or smtps:// address.');
    const transport = onFirstMail((createTransport) => createTransport(smtpUrl));
    return { kind: 'smtp', send: async (message) => void (await (await transport()).sendMail({ from, ...message })) };
  }
  const transport = onFirstMail((createTransport) => createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    kind: 'outbox',
    async send(message) {
      const info = await (await transport()).sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Written whole, then renamed, so a reader never sees half a mail. 0600: mails carry links with tokens.
      const temp = join(outboxDir, `.${name}.tmp`);
      await writeFile(temp, info.message as Buffer, { mode: 0o600 });
      await rename(temp, join(outboxDir, name));
    },
  };
}
