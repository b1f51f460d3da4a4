import { expect, request } from '@playwright/test';
import { apiLogin, uniqueCredentials } from './accounts';
import { adminPost, createAdminKey } from './adminApi';
import { freshTotpCode } from './totp';

let shared: Promise<string> | null = null;

/**
 * A root admin with two-factor turned on (the admin area opens only then), made once per test
 * worker and shared by the specs it runs: each one costs a CLI start for the admin key, a sign-up
 * and an enrolment. Answers a session token for `useToken`.
 */
export function adminWithTwoFactor(): Promise<string> {
  shared ??= newAdminWithTwoFactor().catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
}

/** A root admin made with an admin key, with two-factor turned on through the account API. */
async function newAdminWithTwoFactor(): Promise<string> {
  const credentials = uniqueCredentials('boss');
  const created = await adminPost(createAdminKey('admin session'), '/users', { ...credentials, root_admin: true });
  expect(created.status).toBe(201);
  const token = await apiLogin(credentials);
  // One request context per call: a kept XSRF-TOKEN cookie would make the panel ask for its header.
  const call = async <T>(method: 'get' | 'post', path: string, data?: object): Promise<{ status: number; body: T }> => {
    const api = await request.newContext({ baseURL: process.env.PANEL_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
    try {
      const response = await api[method](path, data ? { data } : {});
      return { status: response.status(), body: (await response.json()) as T };
    } finally {
      await api.dispose();
    }
  };
  const { body } = await call<{ data: { secret: string } }>('get', '/api/v2/account/two-factor');
  const { code } = await freshTotpCode(body.data.secret);
  expect((await call('post', '/api/v2/account/two-factor', { code, password: credentials.password })).status).toBe(200);
  return token;
}
