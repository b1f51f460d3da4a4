import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** The panel's client at the test provider. */
export const TEST_OIDC_CLIENT = { id: 'panel', secret: 'panel-test-client-secret-0123456789' };

export interface TestOidcProvider {
  issuer: string;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider, scripts/lib/oidcTestProvider.mjs) in a child
 * process on 127.0.0.1 (Jest cannot load its ES modules), with the panel's client registered for
 * `redirectUri`.
 */
export async function startTestOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const script = join(process.cwd(), 'scripts', 'lib', 'oidcTestProvider.mjs');
  const child: ChildProcess = spawn(process.execPath, [script, JSON.stringify({ redirectUri, client: TEST_OIDC_CLIENT })], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const issuer = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    child.once('exit', (code) => reject(new Error(`the test provider exited (${code}): ${stderr}`)));
  });
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Who signs in at the provider. */
export interface ScriptedPerson {
  subject: string;
  email: string;
  emailVerified?: boolean;
}

/**
 * A person in a browser at the provider: opens the authorization address, signs in on the
 * provider's page, consents, and follows the redirects until the provider sends them back to
 * `redirectUri`. Answers the query the provider sent there (code, state, iss).
 */
export async function signInAtProvider(authorizationUrl: string, redirectUri: string, person: ScriptedPerson): Promise<URLSearchParams> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 15; hop += 1) {
    if (url.startsWith(redirectUri)) return new URL(url).searchParams;
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() } });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      init = {};
      continue;
    }
    const page = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action) throw new Error(`the provider answered ${response.status}: ${page.slice(0, 300)}`);
    const form = new URLSearchParams({ subject: person.subject, email: person.email });
    if (person.emailVerified !== false) form.set('email_verified', 'true');
    url = new URL(action, url).href;
    init = { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('too many redirects at the provider');
}
