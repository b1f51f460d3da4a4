import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { accessTokens } from '../../../../server/src/db/schema';
import { bearer, createAccount, send } from '../../helpers/accountFixtures';

// Opening a database copy and argon2 checks can take seconds on a busy machine.
jest.setTimeout(60_000);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const current = (headers: Record<string, string> = {}) => send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers });
const unauthenticated = { message: 'Unauthenticated.' };

describe('GET /api/v2/auth/current', () => {
  it('answers 401 without a token, with a malformed header and with an unknown token', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, bearer('x'.repeat(43)), bearer('y'.repeat(300))]) {
      const res = await current(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(unauthenticated);
    }
  });

  it('answers 401 once the token has expired', async () => {
    const account = await createAccount(t.app);
    expect((await current(bearer(account.token))).statusCode).toBe(200);
    await t.app.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.id, account.tokenId));
    // Changed behind the panel's back: a resolved token may be trusted for up to a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await current(bearer(account.token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthenticated);
  });
});

describe('POST /api/v2/auth/logout', () => {
  it('answers 204 and the token stops working at once; other sessions go on', async () => {
    const account = await createAccount(t.app);
    const other = await send(t.app, 'POST', '/api/v2/auth/login', { login: account.username, password: account.password });
    const otherToken = other.json().data.token as string;

    const res = await send(t.app, 'POST', '/api/v2/auth/logout', undefined, { headers: bearer(account.token) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await current(bearer(account.token))).statusCode).toBe(401);
    expect((await send(t.app, 'POST', '/api/v2/auth/logout', undefined, { headers: bearer(account.token) })).statusCode).toBe(401);
    expect((await current(bearer(otherToken))).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await send(t.app, 'POST', '/api/v2/auth/logout');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthenticated);
  });
});
