import { request } from '@playwright/test';
import { apiLogin, demoCredentials } from './accounts';

/** The demo account's Minecraft server (flying-squid, 1.21.4), created with the demo data and shared by many specs. */
export const DEMO_SERVER_NAME = 'Survival with friends';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The names of the players the specs make up start with this; what they leave on the lists is removed. */
const E2E_PLAYER_PREFIX = 'e2e_';

type DemoApiCall = (method: 'get' | 'put' | 'delete', path: string, data?: object) => Promise<{ status: number; text: string }>;

/** Calls the panel's API as the demo account, and finds the demo server (null when it is gone). */
async function demoApi(): Promise<{ call: DemoApiCall; server: { identifier: string } | null }> {
  const baseURL = process.env.PANEL_BASE_URL;
  if (!baseURL) throw new Error('PANEL_BASE_URL is not set: run the tests with `npm run test:e2e`');
  const token = await apiLogin(demoCredentials());
  // A fresh context per call: a kept XSRF-TOKEN cookie would make the panel demand the matching header.
  const call: DemoApiCall = async (method, path, data) => {
    const api = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    try {
      const response = await api.fetch(path, { method, ...(data ? { data } : {}) });
      return { status: response.status(), text: await response.text() };
    } finally {
      await api.dispose();
    }
  };
  const servers = JSON.parse((await call('get', '/api/v2/servers')).text) as { data: { identifier: string; name: string }[] };
  return { call, server: servers.data.find((candidate) => candidate.name === DEMO_SERVER_NAME) ?? null };
}

/**
 * Deletes the demo server's databases, so a database host can be removed after a test that failed
 * before deleting the one it made (the panel refuses to remove a host that holds databases).
 */
export async function deleteDemoServerDatabases(): Promise<void> {
  const { call, server } = await demoApi();
  if (!server) return;
  const path = `/api/v2/servers/${server.identifier}/databases`;
  const databases = (JSON.parse((await call('get', path)).text) as { data?: { uuid: string }[] }).data ?? [];
  for (const { uuid } of databases) {
    const response = await call('delete', `${path}/${uuid}`);
    if (response.status >= 300) throw new Error(`deleting the demo server's database ${uuid} answered ${response.status}: ${response.text}`);
  }
}

/**
 * Puts back what specs change on the shared demo server and others rely on: anyone may join (no
 * whitelist), it neither sleeps nor stops by itself, and the lists hold none of the specs' made-up
 * players (a retry after a failure half-way starts from clean lists). Through the API, so it works
 * whatever page a failed test left open. A change answered 409 (the server is starting or
 * stopping) is tried again for up to a minute. Run it in `afterAll` of a spec that changes these.
 */
export async function restoreDemoServer(): Promise<void> {
  const { call, server } = await demoApi();
  if (!server) return;
  const players = `/api/v2/servers/${server.identifier}/players`;
  const lists = JSON.parse((await call('get', players)).text) as { whitelist: { entries: { name: string }[] }; bans: { name: string }[] };
  const leftOver = ({ name }: { name: string }) => name.toLowerCase().startsWith(E2E_PLAYER_PREFIX);
  const changes: ['put' | 'delete', string, object?][] = [
    ['put', `${players}/sleep`, { auto_stop_minutes: null, wake_on_join: false }],
    ['put', `${players}/whitelist/enabled`, { enabled: false }],
    ...(lists.whitelist?.entries ?? []).filter(leftOver).map(({ name }): ['delete', string] => ['delete', `${players}/whitelist/${encodeURIComponent(name)}`]),
    ...(lists.bans ?? []).filter(leftOver).map(({ name }): ['delete', string] => ['delete', `${players}/bans/${encodeURIComponent(name)}`]),
  ];
  for (const [method, path, data] of changes) {
    for (let until = Date.now() + 60_000; ;) {
      const response = await call(method, path, data);
      if (response.status < 300) break;
      if (response.status !== 409 || Date.now() > until) throw new Error(`restoring the demo server: ${method.toUpperCase()} ${path} answered ${response.status}: ${response.text}`);
      await sleep(1000);
    }
  }
}
