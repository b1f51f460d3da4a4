/**
 * For benchmarks on a real panel: starts one with the demo data (scripts/lib/panelProcess.mjs),
 * logs in as the demo user and answers an API caller that throws on 4xx/5xx.
 */
import { randomBytes } from 'node:crypto';
import { startPanel } from '../scripts/lib/panelProcess.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Polls `check` until it answers something truthy, and answers it. */
export async function waitFor(check, what, timeoutMs = 120_000, everyMs = 25) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** A demo panel and `api(method, path, body)` as the demo user; stop it with `panel.stop()`. */
export async function startDemoPanel(env = {}) {
  const password = `bench-${randomBytes(9).toString('base64url')}`;
  const panel = await startPanel({ env: { PANEL_DEMO_PASSWORD: password, PANEL_DEMO_DATA: 'true', ...env } });
  const call = async (method, path, body, token) => {
    const response = await fetch(`${panel.baseUrl}/api/v2${path}`, {
      method,
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await response.json().catch(() => null);
    if (response.status >= 400) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
  try {
    const token = (await call('POST', '/auth/login', { login: 'demo', password })).data.token;
    return { panel, api: (method, path, body) => call(method, path, body, token) };
  } catch (error) {
    await panel.stop();
    throw error;
  }
}
