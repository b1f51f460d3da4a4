import { createMailer } from '../../../../server/src/services/mail/Mailer';

describe('the mailer', () => {
  it('refuses at once an SMTP_URL that is no smtp:// or smtps:// address (its transport is made by the first mail)', () => {
    const options = { from: 'Panel <panel@example.com>', outboxDir: '/nonexistent' };
    expect(() => createMailer({ ...options, smtpUrl: 'mail.example.com:587' })).toThrow('SMTP_URL must be an smtp:// or smtps:// address.');
    expect(createMailer({ ...options, smtpUrl: 'smtps://user:pass@mail.example.com:465' }).kind).toBe('smtp');
  });
});
