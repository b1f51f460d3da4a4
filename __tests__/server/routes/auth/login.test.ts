import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { users } from '../../../../server/src/db/schema';
import { bearer, createAccount, freshIp, send, type TestAccount } from '../../helpers/accountFixtures';

// The timing test compares real argon2 work (about 0.3 s a check), so this file hashes at the
// real cost; the other server tests use a light one (__tests__/server/lightPasswordHashes.ts).
delete process.env.PANEL_TEST_PASSWORD_HASH;

// Each login runs one argon2 verification (about 0.3 s): the rate-limit tests need a few.
jest.setTimeout(60_000);

let t: TestApp;
let account: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  account = await createAccount(t.app);
});
afterAll(() => t.close());

const login = (payload: object, ip = freshIp()) => send(t.app, 'POST', '/api/v2/auth/login', payload, { remoteAddress: ip });
const badCredentials = {
  message: 'These credentials do not match our records.',
  errors: { login: ['These credentials do not match our records.'] },
};

describe('POST /api/v2/auth/login', () => {
  it('logs in by username and answers a working token and the user', async () => {
    const res = await login({ login: account.username, password: account.password });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ complete: true, user: { username: account.username, email: account.email } });
    const current = await send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers: bearer(data.token) });
    expect(current.json().data.user.username).toBe(account.username);
  });

  it('logs in by email or username ignoring case and spaces, for 30 days with remember', async () => {
    const res = await login({ login: `  ${account.email.toUpperCase()} `, password: account.password, remember: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.complete).toBe(true);
    expect(new Date(res.json().data.expires_at).getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600_000);
    const byName = await login({ login: account.username.toUpperCase(), password: account.password });
    expect(byName.statusCode).toBe(200);
  });

  it('answers a wrong password (case matters) and an unknown login with the same 422', async () => {
    const wrong = await login({ login: account.username, password: account.password.toUpperCase() });
    const unknown = await login({ login: 'nobody-here', password: 'not the password' });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(badCredentials);
    expect(unknown.json()).toEqual(badCredentials);
  });

  it('spends about as long on an unknown login as on a wrong password', async () => {
    const time = async (name: string) => {
      const start = process.hrtime.bigint();
      await login({ login: name, password: 'not the password' });
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    // Taken in turns, so that a busy moment of the machine (other test files run beside this one)
    // slows both kinds alike; the fastest of each is compared.
    const known: number[] = [];
    const unknown: number[] = [];
    for (const round of ['a', 'b', 'c', 'd']) {
      known.push(await time(account.username));
      unknown.push(await time(`unknown-${round}`));
    }
    const fastest = (xs: number[]) => Math.min(...xs);
    // Without the dummy hash an unknown login answers in about 1 ms instead of hundreds.
    expect(fastest(unknown)).toBeGreaterThan(fastest(known) * 0.4);
    expect(fastest(unknown)).toBeLessThan(fastest(known) * 2.5);
  });

  it('answers 422 with every missing field', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ login: ['This field is required'], password: ['This field is required'] });
  });

  it('does not truncate long passwords', async () => {
    const long = 'x'.repeat(100);
    const owner = await createAccount(t.app, { password: long });
    expect((await login({ login: owner.username, password: long.slice(0, 72) })).statusCode).toBe(422);
    expect((await login({ login: owner.username, password: long })).statusCode).toBe(200);
  });

  it('refuses a suspended account with 403 after a correct password', async () => {
    const suspended = await createAccount(t.app);
    await t.app.db.update(users).set({ suspended: true }).where(eq(users.id, suspended.id));
    const res = await login({ login: suspended.username, password: suspended.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This account has been suspended.' });
  });

  it('allows 10 failed attempts a minute per address and per login name, then 429; successes do not count', async () => {
    const target = await createAccount(t.app);
    const ip = freshIp();
    expect((await login({ login: target.username, password: target.password }, ip)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login({ login: target.username, password: `wrong password ${i}` }, ip)).statusCode).toBe(422);

    // The address is blocked for every name, even with the right password.
    const byIp = await login({ login: account.username, password: account.password }, ip);
    expect(byIp.statusCode).toBe(429);
    expect(Number(byIp.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(byIp.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(byIp.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);

    // The name is blocked from every address; names count lower-cased.
    const byName = await login({ login: target.username.toUpperCase(), password: target.password });
    expect(byName.statusCode).toBe(429);
    expect(byName.headers['retry-after']).toBeDefined();

    // Others are not affected.
    expect((await login({ login: account.username, password: account.password })).statusCode).toBe(200);
  });
});
