import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer as createTcpServer } from 'node:net';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { ping } from 'minecraft-protocol';
import { allocations, auditLogs, type ServerRow } from '../../../../server/src/db/schema';
import { SLEEPING_MOTD } from '../../../../server/src/services/sleep/SleepManager';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(240_000);

let t: TestApp;
let owner: TestUser;
let server: ServerRow;
const bots: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  // One auto-stop "minute" lasts 4 s here (5 minutes: 20 s).
  process.env.PANEL_TEST_SLEEP_MINUTE_MS = '4000';
  t = await createRuntimeTestApp();
  owner = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { template: 'minecraft-flying-squid', name: 'Sleepy' });
  await t.app.sleep.start();
});
afterAll(async () => {
  delete process.env.PANEL_TEST_SLEEP_MINUTE_MS;
  for (const bot of bots) bot.kill('SIGKILL');
  await t.close();
});

const url = () => `/api/v2/servers/${server.shortId}/players/sleep`;
async function gamePort(): Promise<number> {
  const [row] = await t.app.db.select().from(allocations).where(eq(allocations.id, server.allocationId!));
  return row.port;
}
async function joinBot(name: string): Promise<{ out: string[]; quit: () => void }> {
  const bot = spawn(process.execPath, [join(__dirname, '..', '..', 'runtime', 'fixtures', 'mineflayerJoin.cjs'), '127.0.0.1', String(await gamePort()), name]);
  bots.push(bot);
  const out: string[] = [];
  bot.stdout.on('data', (d: Buffer) => out.push(...d.toString().split('\n').filter(Boolean)));
  await waitFor(() => out.includes('spawned') || out.includes('ended'), { what: `${name} (${out.join(' | ')})`, timeoutMs: 60_000 });
  return { out, quit: () => bot.stdin.write('quit\n') };
}
const audited = async (event: string) =>
  (
    await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, event)))
  ).length;

describe('sleep and wake', () => {
  it('validates the settings: auto-stop off or 5–120 minutes', async () => {
    for (const minutes of [4, 121, 7.5, -5]) {
      const res = await t.app.inject({ method: 'PUT', url: url(), headers: owner.headers, payload: { auto_stop_minutes: minutes, wake_on_join: true } });
      expect(res.statusCode).toBe(422);
    }
    const res = await t.app.inject({ method: 'GET', url: url(), headers: owner.headers });
    expect(res.json().data).toEqual({ auto_stop_minutes: null, wake_on_join: false, sleeping: false });
  });

  it('a stopped server that wakes on join answers the status ping as sleeping, with its version and max players', async () => {
    const res = await t.app.inject({ method: 'PUT', url: url(), headers: owner.headers, payload: { auto_stop_minutes: 5, wake_on_join: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ auto_stop_minutes: 5, wake_on_join: true, sleeping: true });
    const status = (await ping({ host: '127.0.0.1', port: await gamePort(), version: '1.21.4' })) as { description: unknown; version: { name: string }; players: { max: number; online: number } };
    expect(JSON.stringify(status.description)).toContain(SLEEPING_MOTD);
    expect(status.version.name).toBe('1.21.4');
    expect(status.players).toMatchObject({ max: 20, online: 0 });
    const view = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}`, headers: owner.headers });
    expect(view.json().data.sleeping).toBe(true);
  });

  it('a join starts the server and tells the player to rejoin; on rejoin they get in', async () => {
    const first = await joinBot('Sleeper');
    expect(first.out.join(' | ')).toMatch(/kicked .*rejoin in about \d+ seconds/);
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running after the wake', timeoutMs: 60_000 });
    expect(await audited('server.woken')).toBe(1);
    expect(t.app.sleep.isSleeping(server.uuid)).toBe(false);
    const second = await joinBot('Sleeper');
    expect(second.out).toContain('spawned');
    second.quit();
  });

  it('stops once nobody has played for the set time, and sleeps again', async () => {
    await waitFor(() => t.app.runtime.players.list(server.uuid)?.length === 0, { what: 'Sleeper gone' });
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'auto-stopped', timeoutMs: 90_000 });
    expect(await audited('server.auto-stopped')).toBe(1);
    await waitFor(() => t.app.sleep.isSleeping(server.uuid), { what: 'sleeping again', timeoutMs: 15_000 });
  });

  it('turning wake-up off frees the port', async () => {
    await t.app.inject({ method: 'PUT', url: url(), headers: owner.headers, payload: { auto_stop_minutes: null, wake_on_join: false } });
    expect(t.app.sleep.isSleeping(server.uuid)).toBe(false);
    await expect(ping({ host: '127.0.0.1', port: await gamePort(), version: '1.21.4', closeTimeout: 2000 } as Parameters<typeof ping>[0])).rejects.toBeTruthy();
  });

  it('keeps trying to take a port that something else holds, and sleeps once it is free', async () => {
    const squatter = createTcpServer((socket) => socket.destroy());
    const port = await gamePort();
    await new Promise<void>((resolve, reject) => squatter.once('error', reject).listen(port, '127.0.0.1', resolve));
    try {
      const res = await t.app.inject({ method: 'PUT', url: url(), headers: owner.headers, payload: { auto_stop_minutes: null, wake_on_join: true } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.sleeping).toBe(false);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
    await waitFor(() => t.app.sleep.isSleeping(server.uuid), { what: 'sleeping once the port is free', timeoutMs: 15_000 });
    const status = (await ping({ host: '127.0.0.1', port: await gamePort(), version: '1.21.4' })) as { description: unknown };
    expect(JSON.stringify(status.description)).toContain(SLEEPING_MOTD);
    await t.app.inject({ method: 'PUT', url: url(), headers: owner.headers, payload: { auto_stop_minutes: null, wake_on_join: false } });
  });
});
