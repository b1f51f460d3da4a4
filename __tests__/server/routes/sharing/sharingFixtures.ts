import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TestUser } from '../../helpers/createTestUser';

/** One mail from the outbox, headers and decoded text. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** Quoted-printable to text: the escaped bytes are UTF-8 (mails in other languages). */
function decodeQuotedPrintable(text: string): string {
  const latin1 = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

/** Header values as written: folded lines joined, RFC 2047 encoded words decoded. */
function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** Every .eml the panel wrote to <dataDir>/outbox, oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8');
      const split = raw.indexOf('\n\n');
      const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
      const header = (name: string) => decodeHeader(new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '');
      const body = raw.slice(split + 2);
      const encoding = header('Content-Transfer-Encoding').toLowerCase();
      const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
      return { file, to: header('To'), subject: header('Subject'), text };
    });
}

/** The invitation token from a mail's link `…/?invitation=<token>`. */
export function invitationToken(mail: OutboxMail): string {
  const match = /\?invitation=([\w%-]+)/.exec(mail.text);
  if (!match) throw new Error(`No invitation link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** app.inject with the user's bearer token and a JSON body. */
export function callAs(app: FastifyInstance) {
  return (user: TestUser, method: Method, url: string, payload?: unknown) =>
    app.inject({ method, url: `/api/v2${url}`, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}
