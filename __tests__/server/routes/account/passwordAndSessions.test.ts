import { createTestApp, type TestApp } from '../../helpers/testApp';
import { bearer, createAccount, send, type TestAccount } from '../../helpers/accountFixtures';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const current = (token: string) => send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers: bearer(token) });
const loginToken = async (account: TestAccount, password = account.password, userAgent = 'jest-other') => {
  const res = await send(t.app, 'POST', '/api/v2/auth/login', { login: account.username, password }, { headers: { 'user-agent': userAgent } });
  return res.json().data.token as string;
};

describe('PUT /api/v2/account/password', () => {
  it('refuses a wrong current password and a mismatched confirmation in one answer', async () => {
    const account = await createAccount(t.app);
    const res = await send(
      t.app,
      'PUT',
      '/api/v2/account/password',
      { current_password: 'wrong password', password: 'a brand new password', password_confirmation: 'something else' },
      { headers: bearer(account.token) },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      current_password: ['The password is incorrect'],
      password_confirmation: ['The password confirmation does not match'],
    });
    const short = await send(t.app, 'PUT', '/api/v2/account/password', { current_password: account.password, password: 'short', password_confirmation: 'short' }, { headers: bearer(account.token) });
    expect(short.json().errors).toEqual({ password: ['Must be at least 8 characters'] });
  });

  it('changes the password, keeps this session and ends every other one at once', async () => {
    const account = await createAccount(t.app);
    const other = await loginToken(account);
    const res = await send(
      t.app,
      'PUT',
      '/api/v2/account/password',
      { current_password: account.password, password: 'a brand new password', password_confirmation: 'a brand new password' },
      { headers: bearer(account.token) },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.username).toBe(account.username);
    expect((await current(account.token)).statusCode).toBe(200);
    expect((await current(other)).statusCode).toBe(401);
    const oldLogin = await send(t.app, 'POST', '/api/v2/auth/login', { login: account.username, password: account.password });
    expect(oldLogin.statusCode).toBe(422);
    expect(await loginToken(account, 'a brand new password')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('account sessions', () => {
  it('lists the live sessions with the current one flagged, and revokes one at once', async () => {
    const account = await createAccount(t.app);
    const other = await loginToken(account, account.password, 'Firefox/140');
    const list = await send(t.app, 'GET', '/api/v2/account/sessions', undefined, { headers: bearer(account.token) });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(2);
    const mine = sessions.find((s) => s.current)!;
    const theirs = sessions.find((s) => !s.current)!;
    expect(mine.id).toBe(account.tokenId);
    expect(theirs).toEqual({
      id: expect.any(Number),
      ip: expect.any(String),
      user_agent: 'Firefox/140',
      created_at: expect.any(String),
      last_used_at: expect.any(String),
      expires_at: expect.any(String),
      current: false,
    });
    expect(JSON.stringify(sessions)).not.toContain(other);

    const revoke = await send(t.app, 'DELETE', `/api/v2/account/sessions/${theirs.id}`, undefined, { headers: bearer(account.token) });
    expect(revoke.statusCode).toBe(204);
    expect((await current(other)).statusCode).toBe(401);
    const after = await send(t.app, 'GET', '/api/v2/account/sessions', undefined, { headers: bearer(account.token) });
    expect(after.json().data.map((s: { id: number }) => s.id)).toEqual([account.tokenId]);
    // Revoking it again, or a session that does not exist, is 404.
    expect((await send(t.app, 'DELETE', `/api/v2/account/sessions/${theirs.id}`, undefined, { headers: bearer(account.token) })).statusCode).toBe(404);
  });

  it("answers 404 for another account's session and leaves it alive", async () => {
    const me = await createAccount(t.app);
    const stranger = await createAccount(t.app);
    const res = await send(t.app, 'DELETE', `/api/v2/account/sessions/${stranger.tokenId}`, undefined, { headers: bearer(me.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Session not found.' });
    expect((await current(stranger.token)).statusCode).toBe(200);
  });

  it('can end its own current session', async () => {
    const account = await createAccount(t.app);
    const res = await send(t.app, 'DELETE', `/api/v2/account/sessions/${account.tokenId}`, undefined, { headers: bearer(account.token) });
    expect(res.statusCode).toBe(204);
    expect((await current(account.token)).statusCode).toBe(401);
  });
});
