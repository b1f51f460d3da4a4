import { randomBytes } from 'node:crypto';
import { request, type APIRequestContext, type Page } from '@playwright/test';

/** Login details of an account that exists on the panel under test. */
export interface Credentials {
  username: string;
  email: string;
  password: string;
}

/** An account signed up through the API, with the bearer token the panel issued. */
export interface SignedUpUser extends Credentials {
  token: string;
}

/** The demo account the panel creates on first start (password from PANEL_DEMO_PASSWORD). */
export function demoCredentials(): Credentials {
  const password = process.env.PANEL_DEMO_PASSWORD;
  if (!password) throw new Error('PANEL_DEMO_PASSWORD is not set: run the tests with `npm run test:e2e`');
  return { username: 'demo', email: 'demo@example.com', password };
}

/** Fresh, valid sign-up details that no other test uses. */
export function uniqueCredentials(prefix = 'user'): Credentials {
  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const username = `${prefix}_${suffix}`.slice(0, 32);
  return { username, email: `${username}@example.com`, password: `Pw-${randomBytes(12).toString('base64url')}` };
}

/**
 * An API client with its own cookie jar: it never carries the browser's XSRF-TOKEN cookie, so
 * bearer-only calls need no X-XSRF-TOKEN header (the panel's API-client rule).
 */
async function apiClient(): Promise<APIRequestContext> {
  const baseURL = process.env.PANEL_BASE_URL;
  if (!baseURL) throw new Error('PANEL_BASE_URL is not set: run the tests with `npm run test:e2e`');
  return request.newContext({ baseURL });
}

/**
 * Signs up a new account through POST /api/v2/auth/register and returns it with its token. Sign-ups
 * are limited per address (a few a minute) and many flows sign up from the same one in a row, so a
 * 429 is waited out as its Retry-After says, as a real client would.
 */
export async function signUpFreshUser(credentials: Credentials = uniqueCredentials()): Promise<SignedUpUser> {
  // Each attempt with a fresh client: a refused attempt leaves an XSRF-TOKEN cookie in the jar,
  // and a request carrying that cookie without its header is refused as a forgery (419).
  const register = async () => {
    const api = await apiClient();
    try {
      const response = await api.post('/api/v2/auth/register', { data: { ...credentials, password_confirmation: credentials.password, remember: false } });
      return { status: response.status(), retryAfter: response.headers()['retry-after'], text: await response.text() };
    } finally {
      await api.dispose();
    }
  };
  let response = await register();
  for (let attempt = 0; response.status === 429 && attempt < 3; attempt++) {
    const seconds = Number(response.retryAfter ?? /(\d+) seconds?/.exec(response.text)?.[1] ?? 10);
    await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
    response = await register();
  }
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${response.text}`);
  const body = JSON.parse(response.text) as { data: { token: string } };
  return { ...credentials, token: body.data.token };
}

/** Logs in through POST /api/v2/auth/login (no two-factor step) and returns the bearer token. */
export async function apiLogin({ username, password }: Credentials): Promise<string> {
  const api = await apiClient();
  try {
    const response = await api.post('/api/v2/auth/login', { data: { login: username, password } });
    const body = (await response.json()) as { data?: { complete: boolean; token?: string } };
    if (response.status() !== 200 || !body.data?.complete || !body.data.token) {
      throw new Error(`login as ${username} answered ${response.status()}: ${JSON.stringify(body)}`);
    }
    return body.data.token;
  } finally {
    await api.dispose();
  }
}

/**
 * Puts a bearer token where the web app keeps it (localStorage `access_token`), so the next
 * navigation starts logged in. Opens a same-origin address first: localStorage is per origin.
 */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.goto('/api/languagelist');
  await page.evaluate((value) => window.localStorage.setItem('access_token', value), token);
}

/** Logs the page in as the demo account (through the API) and opens `path` (default /). */
export async function loginAsDemo(page: Page, path = '/'): Promise<Credentials> {
  const credentials = demoCredentials();
  await useToken(page, await apiLogin(credentials));
  await page.goto(path);
  return credentials;
}

/** Signs up a fresh account, logs the page in with it and opens `path` (default /). */
export async function loginAsFreshUser(page: Page, path = '/'): Promise<SignedUpUser> {
  const user = await signUpFreshUser();
  await useToken(page, user.token);
  await page.goto(path);
  return user;
}
