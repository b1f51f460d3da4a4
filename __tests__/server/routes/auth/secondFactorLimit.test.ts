import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { auditLogs } from '../../../../server/src/db/schema';
import { createAccount, enableTwoFactorFor as enableOnce, send, totpCode, type TestAccount } from '../../helpers/accountFixtures';

// On a busy machine the enabling code can cross a 30 s step boundary; a second try gets a fresh one.
const enableTwoFactorFor = (app: TestApp['app'], account: TestAccount) => enableOnce(app, account).catch(() => enableOnce(app, account));

jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  jest.useRealTimers();
  await t.close();
});

const login = (account: TestAccount) => send(t.app, 'POST', '/api/v2/auth/login', { login: account.username, password: account.password });
const ticket = async (account: TestAccount) => (await login(account)).json().data.confirmation_token as string;
const checkpoint = (token: string, code: string) => send(t.app, 'POST', '/api/v2/auth/login-checkpoint', { token, authentication_code: code });
const wrongCode = (i: number) => String(100000 + i);

describe('failed second factors per account', () => {
  it('a fresh password login gives no new guesses: 10 wrong codes per account and 15 minutes, then 429 even for the right code', async () => {
    const account = await createAccount(t.app);
    const { secret } = await enableTwoFactorFor(t.app, account);
    // Three tickets, five wrong codes on each of the first two (the per-ticket limit).
    for (let round = 0; round < 2; round++) {
      const token = await ticket(account);
      for (let i = 0; i < 5; i++) expect((await checkpoint(token, wrongCode(round * 10 + i))).statusCode).toBe(422);
    }
    const third = await ticket(account);
    const locked = await checkpoint(third, wrongCode(99));
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The right code does not pass during the lockout (else the lock would be an oracle).
    expect((await checkpoint(third, await totpCode(secret))).statusCode).toBe(429);

    const locks = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actorId, account.id), eq(auditLogs.event, 'auth.two-factor-locked')));
    expect(locks).toHaveLength(1);
    expect(locks[0].properties).toMatchObject({ failures: 10, minutes: 15 });
  });

  it('counts a parallel burst before checking codes: at most 10 of 30 are checked', async () => {
    const account = await createAccount(t.app);
    await enableTwoFactorFor(t.app, account);
    const tokens = await Promise.all(Array.from({ length: 6 }, () => ticket(account)));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => checkpoint(tokens[i % 6], wrongCode(i))));
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(20);
  });

  it('right codes do not count, and the owner is told at the next login how many codes failed', async () => {
    const account = await createAccount(t.app);
    const { secret } = await enableTwoFactorFor(t.app, account);
    const token = await ticket(account);
    for (let i = 0; i < 3; i++) await checkpoint(token, wrongCode(i));
    const ok = await checkpoint(token, await totpCode(secret));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.failed_two_factor_attempts).toBe(3);

    // The next login reports only what happened since this one.
    const next = await checkpoint(await ticket(account), await totpCode(secret, 1));
    expect(next.statusCode).toBe(200);
    expect(next.json().data.failed_two_factor_attempts).toBe(0);
  });

  it('after the window the owner’s password and code pass again, and the login tells of the failures', async () => {
    const account = await createAccount(t.app);
    const { secret } = await enableTwoFactorFor(t.app, account);
    for (let round = 0; round < 2; round++) {
      const token = await ticket(account);
      for (let i = 0; i < 5; i++) await checkpoint(token, wrongCode(round * 10 + i));
    }
    expect((await checkpoint(await ticket(account), await totpCode(secret))).statusCode).toBe(429);

    // Only the clock moves: timers, I/O and the database run as usual.
    jest.useFakeTimers({
      now: Date.now() + 15 * 60_000 + 1000,
      advanceTimers: true,
      doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'],
    });
    const res = await checkpoint(await ticket(account), await totpCode(secret));
    jest.useRealTimers();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.failed_two_factor_attempts).toBe(10);
  });
});
