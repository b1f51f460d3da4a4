import { createTestApp, type TestApp } from '../helpers/testApp';
import { isValidXsrfToken, mintXsrfToken } from '../../../server/src/plugins/xsrf';
import { bearer, createAccount, send, type TestAccount } from '../helpers/accountFixtures';

// Opening a database copy and argon2 checks can take seconds on a busy machine.
jest.setTimeout(60_000);
let t: TestApp;
let account: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  account = await createAccount(t.app);
});
afterAll(() => t.close());

const xsrfCookieOf = (res: { cookies: Array<{ name: string; value: string; path?: string; sameSite?: string; httpOnly?: boolean }> }) => res.cookies.find((c) => c.name === 'XSRF-TOKEN');

async function issuedToken(): Promise<string> {
  const res = await send(t.app, 'GET', '/api/v2/auth/current');
  return xsrfCookieOf(res)!.value;
}

const patchLanguage = (headers: Record<string, string>) => send(t.app, 'PATCH', '/api/v2/account', { language: 'fr' }, { headers: { ...bearer(account.token), ...headers } });

describe('XSRF-TOKEN cookie', () => {
  it('is issued readable, signed, for the whole site, SameSite=Lax, on any answer', async () => {
    const res = await send(t.app, 'GET', '/api/v2/auth/current');
    expect(res.statusCode).toBe(401);
    const cookie = xsrfCookieOf(res);
    expect(cookie).toBeDefined();
    expect(cookie!.path).toBe('/');
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.httpOnly).toBeUndefined();
    expect(isValidXsrfToken(t.config.secret, cookie!.value)).toBe(true);
    expect(isValidXsrfToken('another secret', cookie!.value)).toBe(false);
  });

  it('is not re-issued while the request carries a valid one, and is replaced when forged', async () => {
    const token = await issuedToken();
    const again = await send(t.app, 'GET', '/api/v2/auth/current', undefined, { cookies: { 'XSRF-TOKEN': token } });
    expect(xsrfCookieOf(again)).toBeUndefined();
    const forged = await send(t.app, 'GET', '/api/v2/auth/current', undefined, { cookies: { 'XSRF-TOKEN': 'abc.def' } });
    expect(xsrfCookieOf(forged)).toBeDefined();
  });
});

describe('state-changing requests', () => {
  it('need no header when they carry no cookies (bearer-only API clients)', async () => {
    expect((await patchLanguage({})).statusCode).toBe(200);
  });

  it('answer 419 when they carry the cookie without the header', async () => {
    const token = await issuedToken();
    const res = await send(t.app, 'PATCH', '/api/v2/account', { language: 'fr' }, { headers: bearer(account.token), cookies: { 'XSRF-TOKEN': token } });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
  });

  it('answer 419 when the header does not match the cookie', async () => {
    const token = await issuedToken();
    const other = mintXsrfToken(t.config.secret);
    const res = await send(t.app, 'POST', '/api/v2/auth/logout', undefined, {
      headers: { ...bearer(account.token), 'x-xsrf-token': other },
      cookies: { 'XSRF-TOKEN': token },
    });
    expect(res.statusCode).toBe(419);
    // The session is untouched.
    expect((await send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers: bearer(account.token) })).statusCode).toBe(200);
  });

  it('answer 419 for a cookie the panel did not sign, even when the header echoes it', async () => {
    const res = await send(t.app, 'POST', '/api/v2/auth/login', { login: 'x', password: 'y' }, { headers: { 'x-xsrf-token': 'made.up' }, cookies: { 'XSRF-TOKEN': 'made.up' } });
    expect(res.statusCode).toBe(419);
  });

  it('pass with the matching header, also URL-encoded as browsers copy it from document.cookie', async () => {
    const token = await issuedToken();
    const plain = await send(t.app, 'PATCH', '/api/v2/account', { language: 'fr' }, { headers: { ...bearer(account.token), 'x-xsrf-token': token }, cookies: { 'XSRF-TOKEN': token } });
    expect(plain.statusCode).toBe(200);
    const encoded = await send(
      t.app,
      'PATCH',
      '/api/v2/account',
      { language: 'it' },
      {
        headers: { ...bearer(account.token), 'x-xsrf-token': encodeURIComponent(token).replace(/-/g, '%2D') },
        cookies: { 'XSRF-TOKEN': token },
      },
    );
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json().data.user.language).toBe('it');
  });

  it('are checked for login and register too (419 before any work)', async () => {
    const token = await issuedToken();
    const res = await send(t.app, 'POST', '/api/v2/auth/register', {}, { cookies: { 'XSRF-TOKEN': token } });
    expect(res.statusCode).toBe(419);
  });

  it('an Upgrade header does not skip the check: only the websocket handshake (a GET) is exempt', async () => {
    const token = await issuedToken();
    for (const upgrade of ['websocket', 'h2c', 'anything']) {
      const res = await send(t.app, 'POST', '/api/v2/auth/logout', undefined, {
        headers: { ...bearer(account.token), upgrade, connection: 'Upgrade' },
        cookies: { 'XSRF-TOKEN': token },
      });
      expect(res.statusCode).toBe(419);
    }
    const patched = await send(
      t.app,
      'PATCH',
      '/api/v2/account',
      { language: 'de' },
      {
        headers: { ...bearer(account.token), upgrade: 'websocket', connection: 'Upgrade' },
        cookies: { 'XSRF-TOKEN': token },
      },
    );
    expect(patched.statusCode).toBe(419);
    // The session is untouched.
    expect((await send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers: bearer(account.token) })).statusCode).toBe(200);
  });

  it('GET requests are never checked', async () => {
    const token = await issuedToken();
    const res = await send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers: bearer(account.token), cookies: { 'XSRF-TOKEN': token } });
    expect(res.statusCode).toBe(200);
  });
});

describe('translation service', () => {
  it('is exempt: no cookie is issued on it', async () => {
    const res = await send(t.app, 'GET', '/api/languagelist');
    expect(res.statusCode).toBe(200);
    expect(xsrfCookieOf(res)).toBeUndefined();
  });
});
