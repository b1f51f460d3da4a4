import { join } from 'node:path';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../services/mail/Mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The panel's mail sender (SMTP, or .eml files in <dataDir>/outbox). */
    mailer: Mailer;
  }
}

/**
 * Decorates `app.mailer`: SMTP when the config has an SMTP_URL, else .eml files in <dataDir>/outbox/.
 */
export const mailerPlugin = fp(
  async (app) => {
    const mailer = createMailer({
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      outboxDir: join(app.config.dataDir, 'outbox'),
    });
    // The sender the host set in the admin settings, read at each mail (MAIL_FROM when unset).
    app.decorate('mailer', { kind: mailer.kind, send: async (message) => mailer.send({ ...message, from: (await app.panelSettings.current()).mailFrom }) } satisfies Mailer);
  },
  { name: 'mailer' },
);
