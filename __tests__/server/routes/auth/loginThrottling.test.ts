import { createTestApp, type TestApp } from '../../helpers/testApp';
import { bearer, createAccount, enableTwoFactorFor, freshIp, send, uniqueName } from '../../helpers/accountFixtures';
import { passwordVerifications } from '../../../../server/src/services/auth/passwords';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';

// Parallel bursts of argon2 checks on a shared machine.
jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs the burst and answers the responses and how many password hashes it checked. */
async function burst<T extends { statusCode: number }>(size: number, attempt: (i: number) => Promise<T>) {
  const before = passwordVerifications.count;
  const responses = await Promise.all(Array.from({ length: size }, (_, i) => attempt(i)));
  return { responses, verifications: passwordVerifications.count - before };
}

const expectLimited = (responses: { statusCode: number; headers: Record<string, unknown> }[], allowed: number) => {
  const limited = responses.filter((r) => r.statusCode === 429);
  expect(limited.length).toBe(responses.length - allowed);
  for (const r of limited) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
};

const login = (payload: object, ip = freshIp(), extra = {}) => send(t.app, 'POST', '/api/v2/auth/login', payload, { remoteAddress: ip, ...extra });

describe('a parallel burst of wrong passwords reaches the hash at most the limit', () => {
  it('login from one address: 10 of 30 checked, 20 refused with 429 and Retry-After', async () => {
    const account = await createAccount(t.app);
    const ip = freshIp();
    const { responses, verifications } = await burst(30, (i) => login({ login: account.username, password: `wrong ${i}` }, ip));
    expect(verifications).toBeLessThanOrEqual(10);
    expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(10);
    expectLimited(responses, 10);
  });

  it('login of one name from 30 addresses: 10 checked', async () => {
    const account = await createAccount(t.app);
    const { responses, verifications } = await burst(30, (i) => login({ login: account.username, password: `wrong ${i}` }));
    expect(verifications).toBeLessThanOrEqual(10);
    expectLimited(responses, 10);
  });

  it('PUT /account/email and /account/password: 10 of 30 checked per account', async () => {
    const account = await createAccount(t.app);
    const email = await burst(30, (i) => send(t.app, 'PUT', '/api/v2/account/email', { email: `${uniqueName()}@example.com`, password: `wrong ${i}` }, { headers: bearer(account.token) }));
    expect(email.verifications).toBeLessThanOrEqual(10);
    expect(email.responses.filter((r) => r.statusCode === 422)).toHaveLength(10);
    expectLimited(email.responses, 10);

    const other = await createAccount(t.app);
    const password = await burst(30, (i) =>
      send(
        t.app,
        'PUT',
        '/api/v2/account/password',
        { current_password: `wrong ${i}`, password: 'a brand new password', password_confirmation: 'a brand new password' },
        { headers: bearer(other.token) },
      ),
    );
    expect(password.verifications).toBeLessThanOrEqual(10);
    expectLimited(password.responses, 10);
  });

  it('a correct current password does not use up the limit', async () => {
    const account = await createAccount(t.app);
    for (let i = 0; i < 12; i++) {
      const res = await send(t.app, 'PUT', '/api/v2/account/email', { email: `${uniqueName()}@example.com`, password: account.password }, { headers: bearer(account.token) });
      expect(res.statusCode).toBe(200);
    }
  });

  it('register: 5 of 30 from one address get past the limit (counted before hashing)', async () => {
    const ip = freshIp();
    const { responses } = await burst(30, () => {
      const username = uniqueName();
      return send(
        t.app,
        'POST',
        '/api/v2/auth/register',
        { username, email: `${username}@example.com`, password: 'long enough password', password_confirmation: 'long enough password' },
        { remoteAddress: ip },
      );
    });
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expectLimited(responses, 5);
  });

  it('login-checkpoint: 5 of 30 codes checked per confirmation ticket', async () => {
    const account = await createAccount(t.app);
    await enableTwoFactorFor(t.app, account);
    const ticket = (await login({ login: account.username, password: account.password })).json().data.confirmation_token as string;
    const { responses } = await burst(30, (i) => send(t.app, 'POST', '/api/v2/auth/login-checkpoint', { token: ticket, authentication_code: String(100000 + i) }));
    expect(responses.filter((r) => r.statusCode === 422).length).toBeLessThanOrEqual(5);
    expect(responses.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(25);
  });
});

describe('strangers cannot lock the owner out', () => {
  it('the login name limit yields to a known session of the account (device cookie or live token)', async () => {
    const account = await createAccount(t.app);
    const first = await login({ login: account.username, password: account.password });
    const device = first.cookies.find((c) => c.name === 'panel_device');
    expect(device?.httpOnly).toBe(true);
    const stranger = await createAccount(t.app);
    const theirs = (await login({ login: stranger.username, password: stranger.password })).cookies.find((c) => c.name === 'panel_device');
    await burst(15, (i) => login({ login: account.username, password: `wrong ${i}` }));

    // A stranger's new address, even with the right password, is refused while the name is locked;
    // so is another account's browser.
    expect((await login({ login: account.username, password: account.password })).statusCode).toBe(429);
    expect((await login({ login: account.username, password: account.password }, freshIp(), { cookies: { panel_device: theirs!.value } })).statusCode).toBe(429);
    // The owner's browser and the owner's session get in.
    expect((await login({ login: account.username, password: account.password }, freshIp(), { cookies: { panel_device: device!.value } })).statusCode).toBe(200);
    expect((await login({ login: account.username, password: account.password }, freshIp(), { headers: bearer(account.token) })).statusCode).toBe(200);
    // Wrong passwords from the known browser still count and are refused.
    expect((await login({ login: account.username, password: 'wrong again' }, freshIp(), { cookies: { panel_device: device!.value } })).statusCode).toBe(429);
  });

  it('with two-factor on, a correct password passes a locked name to the second step', async () => {
    const account = await createAccount(t.app);
    await enableTwoFactorFor(t.app, account);
    await burst(15, (i) => login({ login: account.username, password: `wrong ${i}` }));
    const res = await login({ login: account.username, password: account.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ complete: false });
    expect((await login({ login: account.username, password: 'still wrong' })).statusCode).toBe(429);
  });

  it("the admin API key is never locked by others' wrong keys from its address", async () => {
    const { key } = await createAdminKey(t.app.db, 'billing');
    const ip = freshIp();
    const admin = (bearerKey: string) => t.app.inject({ method: 'GET', url: '/api/v2/admin/plans', remoteAddress: ip, headers: { authorization: `Bearer ${bearerKey}` } });
    const { responses } = await burst(30, (i) => admin(`padm_guess${i}`));
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(20);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(10);
    expect((await admin(key)).statusCode).toBe(200);
  });
});
