import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { users } from '../../../../server/src/db/schema';
import { createAccount, enableTwoFactorFor as enableOnce, send, totpCode, type TestAccount } from '../../helpers/accountFixtures';

// On a busy machine the enabling code can cross a 30 s step boundary; a second try gets a fresh one.
const enableTwoFactorFor = (app: TestApp['app'], account: TestAccount) => enableOnce(app, account).catch(() => enableOnce(app, account));

jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REUSED = 'This code was just used. Wait for the next one.';
type Cookies = Record<string, string>;
const login = (account: TestAccount, cookies: Cookies = {}) => send(t.app, 'POST', '/api/v2/auth/login', { login: account.username, password: account.password }, { cookies });
const ticket = async (account: TestAccount, cookies: Cookies = {}) => (await login(account, cookies)).json().data.confirmation_token as string;
const checkpoint = (token: string, code: string, cookies: Cookies = {}) => send(t.app, 'POST', '/api/v2/auth/login-checkpoint', { token, authentication_code: code }, { cookies });
const wrongCode = (i: number) => String(200000 + i);

/** A finished two-factor login; answers the known-device cookie the browser keeps. */
async function fullLogin(account: TestAccount, code: string): Promise<Cookies> {
  const res = await checkpoint(await ticket(account), code);
  expect(res.statusCode).toBe(200);
  const device = res.cookies.find((c) => c.name === 'panel_device');
  expect(device).toBeDefined();
  return { panel_device: device!.value };
}

/** Ten wrong codes on two tickets, from browsers the account never logged in from. */
async function lockByStranger(account: TestAccount): Promise<void> {
  for (let round = 0; round < 2; round++) {
    const token = await ticket(account);
    for (let i = 0; i < 5; i++) expect((await checkpoint(token, wrongCode(round * 10 + i))).statusCode).toBe(422);
  }
}

describe('the account lockout of second factors yields to the owner', () => {
  it('a browser the owner logged in from before still logs in while strangers get 429', async () => {
    const account = await createAccount(t.app);
    const { secret } = await enableTwoFactorFor(t.app, account);
    const device = await fullLogin(account, await totpCode(secret));
    await lockByStranger(account);

    // A stranger (no cookie) is locked out, even with the right code.
    const strangerTicket = await ticket(account);
    expect((await checkpoint(strangerTicket, await totpCode(secret, 1))).statusCode).toBe(429);

    // The owner's browser passes with its password and the next code, and hears of the failures.
    const owner = await checkpoint(await ticket(account, device), await totpCode(secret, 1), device);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.failed_two_factor_attempts).toBe(10);
  });

  it('the known browser has a limit of its own: 10 wrong codes, then 429 there too', async () => {
    const account = await createAccount(t.app);
    const { secret } = await enableTwoFactorFor(t.app, account);
    const device = await fullLogin(account, await totpCode(secret));
    for (let round = 0; round < 2; round++) {
      const token = await ticket(account, device);
      for (let i = 0; i < 5; i++) expect((await checkpoint(token, wrongCode(round * 10 + i), device)).statusCode).toBe(422);
    }
    expect((await checkpoint(await ticket(account, device), wrongCode(99), device)).statusCode).toBe(429);
    // A forged cookie is no known device: it counts with the strangers (not yet locked).
    expect((await checkpoint(await ticket(account), wrongCode(98), { panel_device: `${account.id}.forged` })).statusCode).toBe(422);
  });
});

describe('a right code typed twice', () => {
  it('is told apart from a wrong one and never counts as a failed attempt', async () => {
    const account = await createAccount(t.app);
    const { secret } = await enableTwoFactorFor(t.app, account);
    const code = await totpCode(secret);
    await fullLogin(account, code);

    // Twelve times the used code, on three tickets: more than the account's limit of ten.
    for (let round = 0; round < 3; round++) {
      const token = await ticket(account);
      for (let i = 0; i < 4; i++) {
        const res = await checkpoint(token, code);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ message: REUSED, errors: { authentication_code: [REUSED] } });
      }
    }
    const next = await checkpoint(await ticket(account), await totpCode(secret, 1));
    expect(next.statusCode).toBe(200);
    expect(next.json().data.failed_two_factor_attempts).toBe(0);
  });

  it('is said in the account’s language', async () => {
    const account = await createAccount(t.app);
    const { secret } = await enableTwoFactorFor(t.app, account);
    await t.app.db.update(users).set({ language: 'de' }).where(eq(users.id, account.id));
    const code = await totpCode(secret);
    await fullLogin(account, code);
    const res = await checkpoint(await ticket(account), code);
    expect(res.json().errors.authentication_code).toEqual(['Dieser Code wurde gerade verwendet. Warte auf den nächsten.']);
  });
});
