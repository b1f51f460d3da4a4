import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { loginConfirmations } from '../../../../server/src/db/schema';
import { hashToken } from '../../../../server/src/lib/tokens';
import { createLoginConfirmation } from '../../../../server/src/services/auth/loginConfirmations';
import { bearer, createAccount, enableTwoFactorFor, freshIp, send, totpCode, type TestAccount } from '../../helpers/accountFixtures';

jest.setTimeout(60_000);

let t: TestApp;
let account: TestAccount;
let secret: string;
let codes: string[];
beforeAll(async () => {
  t = await createTestApp();
  account = await createAccount(t.app);
  ({ secret, recoveryCodes: codes } = await enableTwoFactorFor(t.app, account));
});
afterAll(() => t.close());

const expiredBody = {
  message: 'This login confirmation is invalid or has expired. Please log in again.',
  errors: { token: ['This login confirmation is invalid or has expired. Please log in again.'] },
};
const invalidCodeBody = {
  message: 'The two-factor authentication code is invalid.',
  errors: { authentication_code: ['The two-factor authentication code is invalid.'] },
};

const reusedCodeBody = {
  message: 'This code was just used. Wait for the next one.',
  errors: { authentication_code: ['This code was just used. Wait for the next one.'] },
};

async function passwordStep(remember = false): Promise<string> {
  const res = await send(t.app, 'POST', '/api/v2/auth/login', { login: account.username, password: account.password, remember });
  expect(res.statusCode).toBe(200);
  const { data } = res.json();
  expect(data).toEqual({ complete: false, confirmation_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), has_passkeys: false });
  return data.confirmation_token;
}

/** The state after the password step, without its argon2 check (the first test goes through it). */
const confirmation = () => createLoginConfirmation(t.app.db, { userId: account.id, remember: false });

const checkpoint = (token: string, code: string, ip = freshIp()) => send(t.app, 'POST', '/api/v2/auth/login-checkpoint', { token, authentication_code: code }, { remoteAddress: ip });

describe('two-factor login', () => {
  it('answers complete: false without a token, then the checkpoint takes a TOTP code once', async () => {
    const token = await passwordStep(true);
    const code = await totpCode(secret);
    const res = await checkpoint(token, code);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ complete: true, user: { username: account.username, use_totp: true } });
    expect(new Date(data.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    expect((await send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers: bearer(data.token) })).statusCode).toBe(200);

    // The same code is refused on a new login (no replay within its window), as is an older one.
    const second = await passwordStep();
    expect((await checkpoint(second, code)).json()).toEqual(reusedCodeBody);
    // The step before the current one; when the clock has just moved on, that is the code used
    // above (refused as "just used"), so the one before it.
    const previous = await totpCode(secret, -1);
    const older = previous === code ? await totpCode(secret, -2) : previous;
    expect((await checkpoint(second, older)).json()).toEqual(invalidCodeBody);
  });

  it('uses each confirmation token once', async () => {
    const token = await confirmation();
    const [recoveryA, recoveryB] = codes.splice(0, 2);
    expect((await checkpoint(token, recoveryA)).statusCode).toBe(200);
    const again = await checkpoint(token, recoveryB);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(expiredBody);
  });

  it('accepts each recovery code once, in any case and with spaces', async () => {
    const [recovery] = codes.splice(0, 1);
    const first = await checkpoint(await confirmation(), ` ${recovery.toUpperCase().replace(/-/g, ' ')} `);
    expect(first.statusCode).toBe(200);
    const reused = await checkpoint(await confirmation(), recovery);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual(invalidCodeBody);
  });

  it('keeps the confirmation usable after a wrong code', async () => {
    const token = await confirmation();
    expect((await checkpoint(token, '000000')).json()).toEqual(invalidCodeBody);
    expect((await checkpoint(token, 'aaaa-bbbb-cccc-dddd')).json()).toEqual(invalidCodeBody);
    const [recovery] = codes.splice(0, 1);
    expect((await checkpoint(token, recovery)).statusCode).toBe(200);
  });

  it('refuses an expired confirmation token and an unknown one', async () => {
    const token = await confirmation();
    await t.app.db
      .update(loginConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginConfirmations.tokenHash, hashToken(token)));
    const [recovery] = codes.slice(0, 1);
    expect((await checkpoint(token, recovery)).json()).toEqual(expiredBody);
    expect((await checkpoint('x'.repeat(43), recovery)).json()).toEqual(expiredBody);
    // The recovery code was not spent by the refused attempts.
    expect((await checkpoint(await confirmation(), codes.shift()!)).statusCode).toBe(200);
  });

  it('expires confirmations after 5 minutes', async () => {
    const token = await confirmation();
    const [row] = await t.app.db
      .select()
      .from(loginConfirmations)
      .where(eq(loginConfirmations.tokenHash, hashToken(token)));
    const ttl = row.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(4.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
  });

  it('answers 422 for missing fields', async () => {
    const res = await send(t.app, 'POST', '/api/v2/auth/login-checkpoint', {});
    expect(res.json().errors).toEqual({ token: ['This field is required'], authentication_code: ['This field is required'] });
  });

  it('allows 5 attempts a minute per confirmation token, then 429 with Retry-After', async () => {
    const token = await confirmation();
    for (let i = 0; i < 5; i++) expect((await checkpoint(token, `00000${i}`)).statusCode).toBe(422);
    const res = await checkpoint(token, codes[0]);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
