import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Redis from 'ioredis';
import WebSocket from 'ws';
import '../../helpers/testTemplates';
import { buildApp } from '../../../../server/src/app';
import { startHoldKey } from '../../../../server/src/services/cluster/ClusteredRuntimeManager';
import { loadConfig } from '../../../../server/src/plugins/config/loadConfig';
import { scheduleRuns, schedules } from '../../../../server/src/db/schema';
import type { PanelProcess } from '../../../../scripts/lib/panelProcess.mjs';
import { createTestServer } from '../../helpers/createTestServer';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { openTestDatabase } from '../../helpers/testDatabase';
import { startTestRedis, type TestRedis } from '../../helpers/testRedis';
import { waitFor } from '../../helpers/waitFor';

// Two real panel processes (server/src/server.ts, as `npm start` runs it) on one PostgreSQL
// database, one Redis and one data directory. PGlite lives inside one process, so this runs only
// when DATABASE_URL is set (CI runs the server tests on PostgreSQL too).
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

/** Short, so a take-over is seen quickly; the bound the test checks follows from it. */
const LEASE_MS = 2000;
const SECRET = 'cluster-test-secret-0123456789abcdef';

interface Frame {
  event: string;
  args: unknown[];
}

onPostgres('several panel processes on PostgreSQL and Redis', () => {
  let redis: TestRedis;
  let redisClient: Redis;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let dataDir: string;
  const panels: PanelProcess[] = [];
  const sockets: WebSocket[] = [];
  let owner: TestUser;
  let server: { id: number; uuid: string; shortId: string };
  /** The process running the games, and the other one, as the lease says at the start. */
  let runner: PanelProcess;
  let standby: PanelProcess;

  beforeAll(async () => {
    redis = await startTestRedis();
    redisClient = new Redis(redis.url);
    database = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'panel-cluster-'));
    // The account and the installed server are made by an app in this process, closed before the panels start.
    const config = loadConfig({}, { dataDir, secret: SECRET, logLevel: 'silent', demoData: false, diskImages: false });
    const app = await buildApp({ config, database, closeDatabase: false });
    await app.ready();
    await app.scheduleRunner.stop();
    owner = await createTestUser(app);
    server = await createTestServer(app, owner.user, { name: 'Shared by two panels', variables: { MODE: 'echo' } });
    await app.close();

    const env = {
      DATABASE_URL: database.url!,
      PANEL_REDIS_URL: redis.url,
      PANEL_CLUSTER_LEASE_MS: String(LEASE_MS),
      PANEL_SECRET: SECRET,
      PANEL_DEMO_DATA: 'false',
      PANEL_DISK_IMAGES: 'false',
      LOG_LEVEL: 'warn',
    };
    // The helper the e2e runner and the benches start panels with (an ES module).
    const { startPanel } = await import('../../../../scripts/lib/panelProcess.mjs');
    const entry = join(__dirname, 'fixtures', 'panelWithTestTemplates.ts');
    const started = await Promise.allSettled([startPanel({ env, dataDir, entry }), startPanel({ env, dataDir, entry })]);
    for (const result of started) if (result.status === 'fulfilled') panels.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    // The lease names its holder by host, pid and a random part.
    const holder = await waitFor(() => redisClient.get('panel:lease:runtime'), { what: 'a process to take the runtime lease' });
    runner = panels.find((panel) => holder.includes(`:${panel.pid}:`))!;
    standby = panels.find((panel) => panel !== runner)!;
    expect(runner).toBeDefined();
  }, 180_000);

  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    for (const panel of panels) await panel.stop();
    if (dataDir) {
      // Games outlive their panels (the next one adopts them): nothing follows these.
      (await import('../../../../scripts/lib/panelProcess.mjs')).killLeftovers(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    }
    redisClient?.disconnect();
    await database?.close();
    await redis?.stop();
  });

  const call = (panel: PanelProcess, method: string, path: string, body?: object) =>
    fetch(`${panel.baseUrl}/api/v2${path}`, {
      method,
      headers: { authorization: owner.headers.authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  /** A console socket on `panel`, authenticated with a ticket that panel issued. */
  async function consoleOn(panel: PanelProcess): Promise<{ frames: Frame[]; send(event: string, ...args: unknown[]): void }> {
    const ticket = (await (await call(panel, 'GET', `/servers/${server.shortId}/websocket`)).json()) as { data: { token: string } };
    const host = new URL(panel.baseUrl).host;
    const ws = new WebSocket(`ws://${host}/api/v2/servers/${server.shortId}/ws`, { headers: { origin: panel.baseUrl } });
    sockets.push(ws);
    const frames: Frame[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const send = (event: string, ...args: unknown[]) => ws.send(JSON.stringify({ event, args }));
    send('auth', ticket.data.token);
    await waitFor(() => frames.some((f) => f.event === 'auth success'), { what: 'auth success', timeoutMs: 60_000 });
    return { frames, send };
  }

  const lines = (frames: Frame[], line: string) => frames.filter((f) => f.event === 'console output' && (f.args as string[]).includes(line)).length;
  const gamePid = () => (JSON.parse(readFileSync(join(dataDir, 'runtime', server.uuid, 'pid.json'), 'utf8')) as { pid: number }).pid;
  let console2: Awaited<ReturnType<typeof consoleOn>>;

  it('shows on a console of one process a server started through either; two starts at once start it once', async () => {
    console2 = await consoleOn(standby);
    expect(console2.frames.find((f) => f.event === 'status')?.args[0]).toBe('offline');
    // The same start through both processes at the same moment: one carries it out, the other is refused.
    const answers = await Promise.all([call(runner, 'POST', `/servers/${server.shortId}/power`, { signal: 'start' }), call(standby, 'POST', `/servers/${server.shortId}/power`, { signal: 'start' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 409]);
    await waitFor(() => console2.frames.some((f) => f.event === 'status' && f.args[0] === 'running'), { what: 'running on the other process’s console', timeoutMs: 60_000 });
    await waitFor(() => lines(console2.frames, 'Ready!') > 0, { what: 'the game’s own line', timeoutMs: 60_000 });
    await waitFor(() => console2.frames.some((f) => f.event === 'stats'), { what: 'stats relayed', timeoutMs: 60_000 });
    // A command on this process reaches the game the other one runs.
    console2.send('send command', 'through the standby');
    await waitFor(() => lines(console2.frames, 'echo: through the standby') > 0, { what: 'the echo', timeoutMs: 60_000 });
    // The console's backlog comes from the runner too.
    console2.send('send logs');
    await waitFor(() => lines(console2.frames, 'Ready!') > 1, { what: 'the backlog', timeoutMs: 60_000 });
    expect((await redisClient.hget('panel:server-states', server.uuid)) ?? '').toBe('running');
    expect(lines(console2.frames, 'Ready!')).toBe(2); // once live, once in the backlog: started once
  }, 180_000);

  it('runs a scheduled console command once, whichever process claims it', async () => {
    const created = await call(standby, 'POST', `/servers/${server.shortId}/schedules`, {
      name: 'Cluster greeting',
      minute: '0',
      hour: '3',
      day_of_month: '1',
      month: '1',
      day_of_week: '*',
      tasks: [{ action: 'command', payload: 'scheduled hello' }],
    });
    expect(created.status).toBe(201);
    const { uuid } = ((await created.json()) as { data: { uuid: string } }).data;
    const [row] = await database.db
      .update(schedules)
      .set({ nextRunAt: new Date(Date.now() + 1000) })
      .where(eq(schedules.uuid, uuid))
      .returning();
    await waitFor(() => lines(console2.frames, 'echo: scheduled hello') > 0, { what: 'the scheduled command', timeoutMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a second run would show up here
    expect(lines(console2.frames, 'echo: scheduled hello')).toBe(1);
    expect(await database.db.select().from(scheduleRuns).where(eq(scheduleRuns.scheduleId, row.id))).toHaveLength(1);
  }, 180_000);

  it('hands the games to the other process when the runner dies, which adopts them running', async () => {
    const pid = gamePid();
    await runner.kill();
    const killedAt = Date.now();
    // Refused (503) until the lease expires and the standby has adopted the game, then carried out.
    await waitFor(async () => (await call(standby, 'POST', `/servers/${server.shortId}/command`, { command: 'after the take-over' })).status === 204, {
      what: 'the standby to take over',
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    const tookMs = Date.now() - killedAt;
    await waitFor(() => lines(console2.frames, 'echo: after the take-over') > 0, { what: 'the echo after the take-over', timeoutMs: 60_000 });
    // Within the lease's time, a third of it for the next attempt, and the adoption on a loaded machine.
    expect(tookMs).toBeLessThan(LEASE_MS + LEASE_MS / 3 + 15_000);
    expect(gamePid()).toBe(pid);
    expect(await redisClient.get('panel:lease:runtime')).toContain(`:${standby.pid}:`);
    const stop = await call(standby, 'POST', `/servers/${server.shortId}/power`, { signal: 'kill' });
    expect(stop.status).toBe(204);
    await waitFor(() => console2.frames.some((f) => f.event === 'status' && f.args[0] === 'offline'), { what: 'offline', timeoutMs: 30_000 });
    // A restore on some process holds the server offline on all of them (as ClusteredRuntimeManager.holdOffline writes it).
    await redisClient.set(startHoldKey(server.uuid), JSON.stringify({ reason: 'A backup is being restored.', by: 'another process' }), 'PX', 60_000);
    const held = await call(standby, 'POST', `/servers/${server.shortId}/power`, { signal: 'start' });
    expect([held.status, ((await held.json()) as { message: string }).message]).toEqual([409, 'A backup is being restored.']);
    await redisClient.del(startHoldKey(server.uuid));
    process.stdout.write(`take-over after the runner was killed: ${tookMs} ms\n`);
  }, 180_000);
});
