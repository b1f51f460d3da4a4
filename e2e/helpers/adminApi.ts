import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { request } from '@playwright/test';

const rootDir = join(__dirname, '..', '..');

/**
 * Creates an admin API key with the panel's own CLI (`npm run panel -- admin-key:create`), which
 * hands the command to the running panel over its control socket in PANEL_DATA_DIR.
 */
export function createAdminKey(description = 'end-to-end tests'): string {
  const dataDir = process.env.PANEL_DATA_DIR;
  if (!dataDir) throw new Error('PANEL_DATA_DIR is not set: run the tests with `npm run test:e2e` (it starts the panel)');
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'server/src/cli.ts', 'admin-key:create', '--description', description], {
    cwd: rootDir,
    env: { ...process.env, PANEL_DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return (JSON.parse(output) as { key: string }).key;
}

/**
 * One call to the admin API, as a billing system makes it: bearer key only, no cookies. A fresh
 * request context per call, because a kept XSRF-TOKEN cookie would make the panel demand the
 * matching header (its rule for cookie-carrying clients).
 */
export async function adminPost<T>(key: string, path: string, data?: object): Promise<{ status: number; body: T }> {
  const baseURL = process.env.PANEL_BASE_URL;
  if (!baseURL) throw new Error('PANEL_BASE_URL is not set: run the tests with `npm run test:e2e`');
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
  try {
    const response = await api.post(`/api/v2/admin${path}`, data ? { data } : {});
    return { status: response.status(), body: (await response.json().catch(() => null)) as T };
  } finally {
    await api.dispose();
  }
}

/** Creates a server for `owner` through POST /api/v2/admin/servers and answers its short identifier. */
export async function createServerFor(key: string, owner: string, server: { name: string; template: string; plan: string }): Promise<string> {
  const { status, body } = await adminPost<{ data: { server: { identifier: string } } }>(key, '/servers', { ...server, owner });
  if (status !== 201) throw new Error(`creating ${server.name} answered ${status}: ${JSON.stringify(body)}`);
  return body.data.server.identifier;
}
