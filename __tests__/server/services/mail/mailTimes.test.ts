import { invitationMail } from '../../../../server/src/services/mail/invitationMails';
import { mailDateTime } from '../../../../server/src/services/mail/mailDateTime';
import type { MailLanguage } from '../../../../server/src/services/mail/mailTranslator';
import { passwordResetMail } from '../../../../server/src/services/mail/passwordResetMails';

const english = (timeFormat: 12 | 24): MailLanguage => ({ t: (_key, text, values = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? ''), language: 'en', timeFormat });
const expiresAt = new Date('2026-11-30T21:05:00Z');

describe('times in mails follow the reader’s clock', () => {
  it('writes 21:05 for a 24-hour reader and 9:05 PM for a 12-hour one, in UTC', () => {
    expect(mailDateTime(expiresAt, english(24))).toMatch(/21:05 UTC$/);
    expect(mailDateTime(expiresAt, english(24))).not.toMatch(/PM/);
    expect(mailDateTime(expiresAt, english(12))).toMatch(/9:05\s?PM UTC$/);
  });

  it('uses it in the invitation and password reset mails', () => {
    const invitation = invitationMail({ to: 'a@example.com', inviter: 'owner', serverName: 'Survival', panelUrl: 'https://panel.example' }, 'tok', expiresAt, english(24));
    expect(invitation.text).toContain('21:05 UTC');
    const reset = passwordResetMail({ to: 'a@example.com', username: 'ana', panelUrl: 'https://panel.example' }, 'tok', expiresAt, english(12));
    expect(reset.text).toMatch(/9:05\s?PM UTC/);
    // Another language keeps its own way of writing the date, on the reader's clock.
    expect(mailDateTime(expiresAt, { language: 'de', timeFormat: 24 })).toMatch(/21:05 UTC$/);
  });
});
