import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { waitFor } from '../../helpers/waitFor';
import { readOutbox, type OutboxMail } from '../sharing/sharingFixtures';
import { auditLogs, passwordResets, users } from '../../../../server/src/db/schema';
import { hashToken } from '../../../../server/src/lib/tokens';
import { bearer, createAccount, enableTwoFactorFor, freshIp, send, totpCode, type TestAccount } from '../../helpers/accountFixtures';

jest.setTimeout(180_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://panel.example' });
});
afterAll(() => t.close());

const forgot = (email: string, ip = freshIp()) => send(t.app, 'POST', '/api/v2/auth/forgot-password', { email }, { remoteAddress: ip });
const reset = (payload: object, ip = freshIp()) => send(t.app, 'POST', '/api/v2/auth/reset-password', payload, { remoteAddress: ip });
const NEW_PASSWORD = 'a fresh password 123';
const newPassword = (token: string, password = NEW_PASSWORD) => ({ token, password, password_confirmation: password });

const mailsTo = (address: string) => readOutbox(t.config.dataDir).filter((mail) => mail.to.includes(address));
const resetToken = (mail: OutboxMail) => {
  const match = /\/reset-password\?token=([\w%-]+)/.exec(mail.text);
  if (!match) throw new Error(`No reset link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
};
/** Asks for a reset of the account and answers the token from the mail. */
async function requestReset(account: TestAccount): Promise<{ token: string; mail: OutboxMail }> {
  const before = mailsTo(account.email).length;
  expect((await forgot(account.email.toUpperCase())).statusCode).toBe(202);
  const mail = await waitFor(() => mailsTo(account.email)[before], { what: 'the reset mail' });
  return { token: resetToken(mail), mail };
}
const events = async (userId: number) => (await t.app.db.select().from(auditLogs).where(eq(auditLogs.actorId, userId))).map((row) => row.event);

describe('POST /api/v2/auth/forgot-password', () => {
  it('answers known and unknown addresses alike, and mails only the account', async () => {
    const account = await createAccount(t.app);
    const known = await forgot(account.email);
    const unknown = await forgot('nobody-at-all@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    const mail = await waitFor(() => mailsTo(account.email)[0], { what: 'the reset mail' });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain(`https://panel.example/reset-password?token=`);
    expect(mail.text).toContain(account.username);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo('nobody-at-all@example.com')).toHaveLength(0);
    await waitFor(async () => (await events(account.id)).includes('auth.password-reset-requested'), { what: 'the audit entry' });
  });

  it('writes the mail in the account’s language', async () => {
    const account = await createAccount(t.app);
    await t.app.db.update(users).set({ language: 'de' }).where(eq(users.id, account.id));
    const { mail } = await requestReset(account);
    expect(mail.subject).toBe('Setze dein Passwort zurück');
  });

  it('stores only the hash of the token, valid for 60 minutes', async () => {
    const account = await createAccount(t.app);
    const { token } = await requestReset(account);
    const rows = await t.app.db.select().from(passwordResets).where(eq(passwordResets.userId, account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const minutes = (rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60.1);
  });

  it('limits requests per address (3 an hour) and per IP (5 per 15 minutes), with Retry-After', async () => {
    const account = await createAccount(t.app);
    for (let i = 0; i < 3; i++) expect((await forgot(account.email)).statusCode).toBe(202);
    const byAddress = await forgot(account.email);
    expect(byAddress.statusCode).toBe(429);
    expect(Number(byAddress.headers['retry-after'])).toBeGreaterThan(15 * 60);
    // Unknown addresses are limited the same way.
    for (let i = 0; i < 3; i++) expect((await forgot('ghost@example.com')).statusCode).toBe(202);
    expect((await forgot('ghost@example.com')).statusCode).toBe(429);

    const ip = freshIp();
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => forgot(`someone${i}@example.com`, ip)));
    expect(burst.filter((r) => r.statusCode === 202)).toHaveLength(5);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(7);
  });

  it('answers 422 for a malformed address', async () => {
    const res = await forgot('not an address');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['email']);
  });
});

describe('POST /api/v2/auth/reset-password', () => {
  it('sets the new password, ends every session, logs nobody in, and audits it', async () => {
    const account = await createAccount(t.app);
    const { token } = await requestReset(account);
    const res = await reset(newPassword(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('data.token');
    expect((await send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers: bearer(account.token) })).statusCode).toBe(401);
    expect((await send(t.app, 'POST', '/api/v2/auth/login', { login: account.username, password: account.password })).statusCode).toBe(422);
    expect((await send(t.app, 'POST', '/api/v2/auth/login', { login: account.username, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect(await events(account.id)).toContain('auth.password-reset');
  });

  it('is single-use: a second reset with the same link, even in parallel, is refused', async () => {
    const account = await createAccount(t.app);
    const { token } = await requestReset(account);
    const answers = await Promise.all([reset(newPassword(token, 'first new password')), reset(newPassword(token, 'second new password'))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const again = await reset(newPassword(token, 'third new password'));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token[0]).toMatch(/invalid or has expired/);
  });

  it('a newer reset spends the older links of the account', async () => {
    const account = await createAccount(t.app);
    const first = await requestReset(account);
    const second = await requestReset(account);
    expect((await reset(newPassword(second.token))).statusCode).toBe(200);
    expect((await reset(newPassword(first.token, 'another password'))).statusCode).toBe(422);
  });

  it('refuses an expired link', async () => {
    const account = await createAccount(t.app);
    const { token } = await requestReset(account);
    await t.app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, account.id));
    expect((await reset(newPassword(token))).statusCode).toBe(422);
    expect((await send(t.app, 'POST', '/api/v2/auth/login', { login: account.username, password: account.password })).statusCode).toBe(200);
  });

  it('keeps the password rules, and a refused form does not spend the link', async () => {
    const account = await createAccount(t.app);
    const { token } = await requestReset(account);
    const short = await reset({ token, password: 'short', password_confirmation: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['Must be at least 8 characters'] });
    const mismatch = await reset({ token, password: NEW_PASSWORD, password_confirmation: 'something else' });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The password confirmation does not match'] });
    expect((await reset(newPassword(token))).statusCode).toBe(200);
  });

  it('keeps two-factor on: the next login still needs the code', async () => {
    const account = await createAccount(t.app);
    const { secret } = await enableTwoFactorFor(t.app, account);
    const { token } = await requestReset(account);
    expect((await reset(newPassword(token))).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, account.id));
    expect(row.useTotp).toBe(true);
    const login = await send(t.app, 'POST', '/api/v2/auth/login', { login: account.username, password: NEW_PASSWORD });
    expect(login.json().data).toMatchObject({ complete: false });
    const done = await send(t.app, 'POST', '/api/v2/auth/login-checkpoint', { token: login.json().data.confirmation_token, authentication_code: await totpCode(secret) });
    expect(done.statusCode).toBe(200);
  });

  it('limits attempts per IP (10 per 15 minutes), counted before hashing', async () => {
    const ip = freshIp();
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => reset(newPassword(`guess-${i}`), ip)));
    expect(burst.filter((r) => r.statusCode === 422)).toHaveLength(10);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(10);
  });
});
