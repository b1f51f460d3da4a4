import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/** One plain-text mail (with an optional HTML alternative). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
 * A Mailer sending through SMTP when `smtpUrl` is set. Without it (development, tests, a panel
 * without a mail server) each mail is written as a complete .eml file to `outboxDir`, where an
 * operator (or a test) can open it.
 */
export function createMailer({ smtpUrl, from, outboxDir }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return { kind: 'smtp', send: async (message) => void (await transport.sendMail({ from, ...message })) };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Written whole, then renamed, so a reader never sees half a mail. 0600: mails carry links with tokens.
      const temp = join(outboxDir, `.${name}.tmp`);
      await writeFile(temp, info.message as Buffer, { mode: 0o600 });
      await rename(temp, join(outboxDir, name));
    },
  };
}
