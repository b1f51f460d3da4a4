import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerTemplate, type TemplateDefinition } from '../../../server/src/games/templates';
import { fixtureTemplate, createTestPlan } from '../helpers/testTemplates';
import { detectCgroupHost } from '../../../server/src/runtime/local/sandbox/detectCgroupHost';
import { SANDBOX_PIDS_MAX } from '../../../server/src/runtime/local/sandbox/Sandbox';
import { SANDBOX_UID_BASE, SANDBOX_UID_COUNT } from '../../../server/src/runtime/local/sandbox/sandboxUsers';
import { createRuntimeTestApp } from '../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../helpers/createTestUser';
import { createTestServer } from '../helpers/createTestServer';
import { waitFor } from '../helpers/waitFor';
import type { TestApp } from '../helpers/testApp';
import type { ServerRow } from '../../../server/src/db/schema';

jest.setTimeout(120_000);

/** A "game" that is whatever the customer uploaded as customer.cjs (nothing is installed). */
const customerTemplate: TemplateDefinition = {
  ...fixtureTemplate,
  slug: 'test-customer-script',
  name: 'Customer script',
  startCommand: './customer.cjs',
  install: [],
  variables: [],
};
registerTemplate(customerTemplate);

const script = readFileSync(join(__dirname, 'fixtures', 'customerScript.cjs'), 'utf8');

let t: TestApp;
let owner: TestUser;
let server: ServerRow;
let neighbour: ServerRow;
let lines: string[];

const api = (method: 'GET' | 'POST', path: string, payload?: unknown, contentType = 'application/json') =>
  t.app.inject({
    method,
    url: `/api/v2/servers/${server.shortId}/${path}`,
    headers: { ...owner.headers, ...(payload !== undefined ? { 'content-type': contentType } : {}) },
    payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

async function cgroupPaths(uuid: string): Promise<string[]> {
  return (JSON.parse(readFileSync(join(t.config.dataDir, 'runtime', uuid, 'pid.json'), 'utf8')) as { cgroup: string[] }).cgroup;
}

async function start(): Promise<void> {
  await t.app.runtime.power(server, 'start');
  await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running' });
}

async function kill(): Promise<void> {
  await t.app.runtime.power(server, 'kill');
  await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'offline' });
}

beforeAll(async () => {
  t = await createRuntimeTestApp();
  owner = await createTestUser(t.app);
  await createTestPlan(t.app, 'test-sandboxed', { memoryMb: 256, diskMb: 1024, cpuPercent: 50 });
  server = await createTestServer(t.app, owner.user, { template: 'test-customer-script', plan: 'test-sandboxed', name: 'customer' });
  neighbour = await createTestServer(t.app, owner.user, { name: 'neighbour' });
  // The panel's secret and database files, as a real data dir holds them.
  writeFileSync(join(t.config.dataDir, 'panel-secret'), 'the panel secret\n', { mode: 0o600 });
  mkdirSync(join(t.config.dataDir, 'db'), { recursive: true });
  writeFileSync(join(t.config.dataDir, 'db', 'PG_VERSION'), '18\n', { mode: 0o644 });
  writeFileSync(join(t.app.runtime.driver.serverRoot(neighbour.uuid), 'secret.txt'), 'neighbour secret\n', { mode: 0o644 });
  // The customer uploads their script and makes it executable, through the API like the file manager.
  expect((await api('POST', 'files/write?file=customer.cjs', script, 'text/plain')).statusCode).toBe(204);
  expect((await api('POST', 'files/chmod', { root: '/', files: [{ file: 'customer.cjs', mode: '755' }] })).statusCode).toBe(204);
  lines = [];
  t.app.runtime.events.subscribe(server.uuid, (event) => event.type === 'output' && lines.push(event.line));
  await start();
});
afterAll(() => t.close());

describe('a game server in its sandbox', () => {
  it('runs as its own unprivileged user, in its own folder, with no host path in its console', async () => {
    await t.app.runtime.sendCommand(server, 'where');
    const where = await waitFor(() => lines.find((l) => l.startsWith('cwd ')), { what: 'where' });
    const uid = Number(/uid (\d+)/.exec(where)![1]);
    expect(uid).toBeGreaterThanOrEqual(SANDBOX_UID_BASE);
    expect(uid).toBeLessThan(SANDBOX_UID_BASE + SANDBOX_UID_COUNT);
    expect(where).toMatch(/^cwd \/home\/container file \/home\/container\/customer\.cjs uid \d+ pid \d+$/);
    // Its own PID namespace: the game's pid is a small number there.
    expect(Number(/pid (\d+)$/.exec(where)![1])).toBeLessThan(10);
    expect(lines.some((l) => l.includes(t.config.dataDir))).toBe(false);
    // Each server its own user, and the files it sees are its own.
    const root = t.app.runtime.driver.serverRoot(server.uuid);
    expect(statSync(root).uid).toBe(uid);
    expect(statSync(root).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, 'customer.cjs')).uid).toBe(uid);
  });

  it('cannot read the panel secret, its database or another server, nor write outside its folder', async () => {
    const neighbourRoot = t.app.runtime.driver.serverRoot(neighbour.uuid);
    const secrets = [join(t.config.dataDir, 'panel-secret'), join(t.config.dataDir, 'db', 'PG_VERSION'), join(neighbourRoot, 'secret.txt'), '/home/container/../' + neighbour.uuid + '/secret.txt'];
    await t.app.runtime.sendCommand(server, `probe ${JSON.stringify([...secrets, '/home/container/customer.cjs'])}`);
    await waitFor(() => lines.includes('probe done'), { what: 'probe' });
    for (const path of secrets) expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^read ${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: denied`)));
    expect(lines).toContain('read /home/container/customer.cjs: ALLOWED');

    const outside = ['/usr/evil', '/etc/evil', '/opt/panel-runtime/launchers/evil.cjs', join(t.config.dataDir, 'evil'), join(neighbourRoot, 'evil'), '/home/evil'];
    await t.app.runtime.sendCommand(server, `write ${JSON.stringify([...outside, '/home/container/mine.txt'])}`);
    await waitFor(() => lines.includes('write done'), { what: 'write' });
    for (const path of outside) expect(lines.find((l) => l.startsWith(`write ${path}:`))).toMatch(/: denied/);
    for (const path of [join(t.config.dataDir, 'evil'), join(neighbourRoot, 'evil'), '/usr/evil', '/etc/evil']) expect(existsSync(path)).toBe(false);
    // What it made in its own folder, the file manager still reads, changes and deletes.
    expect(lines).toContain('write /home/container/mine.txt: ALLOWED');
    expect((await api('GET', 'files/contents?file=mine.txt')).body).toBe('written by the customer\n');
    expect((await api('POST', 'files/write?file=mine.txt', 'changed by the panel\n', 'text/plain')).statusCode).toBe(204);
    expect((await api('POST', 'files/chmod', { root: '/', files: [{ file: 'mine.txt', mode: '644' }] })).statusCode).toBe(204);
  });

  it('holds a server that spins every core to its CPU limit (the cgroup counts)', async () => {
    const cgroup = (await detectCgroupHost())!.adopt(await cgroupPaths(server.uuid))!;
    await t.app.runtime.sendCommand(server, 'burn 4');
    await waitFor(() => lines.includes('burning'), { what: 'burn' });
    await new Promise((r) => setTimeout(r, 500));
    const before = (await cgroup.usage()).cpuNanos;
    const startedAt = performance.now();
    await new Promise((r) => setTimeout(r, 3000));
    const percent = (((await cgroup.usage()).cpuNanos - before) / 1e9 / ((performance.now() - startedAt) / 1000)) * 100;
    // Four spinning processes would take both cores (200 %); the plan allows half of one.
    expect(percent).toBeLessThanOrEqual(60);
    expect(percent).toBeGreaterThan(5);
    // (Whether the stats say "limited" depends on the quota being reached: on a machine busy with
    // other work the server may get less than its quota. limits.test.ts checks that flag.)
    await waitFor(() => t.app.runtime.driver.stats(server.uuid)?.kernelLimits === true, { what: 'kernel limits in the stats' });
    await kill();
  });

  it('stops a fork bomb at the pids limit and the panel stays responsive', async () => {
    await start();
    const paths = await cgroupPaths(server.uuid);
    await t.app.runtime.sendCommand(server, 'fork 10000');
    const started = performance.now();
    const answer = await api('GET', 'resources');
    expect(answer.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(5000);
    const forked = await waitFor(() => lines.find((l) => l.startsWith('forked ')), { what: 'fork result', timeoutMs: 60_000 });
    const count = Number(/forked (\d+) of 10000/.exec(forked)![1]);
    expect(count).toBeLessThan(SANDBOX_PIDS_MAX);
    expect(count).toBeGreaterThan(50);
    await kill();
    // Killing the server left nothing behind: its cgroup is gone with everything in it.
    await waitFor(() => paths.every((p) => !existsSync(join(p, 'cgroup.procs'))), { what: 'cgroup removed' });
  });

  // Runs after the fork bomb, on the same server.
  it('kills a server that allocates past its plan memory and reports it out of memory', async () => {
    const crashes: string[] = [];
    t.app.runtime.driver.on('crashed', (uuid, info) => uuid === server.uuid && crashes.push(info.reason));
    await start();
    await t.app.runtime.sendCommand(server, 'hog');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'killed for memory', timeoutMs: 90_000 });
    expect(lines).toContain('[Panel] The server ran out of memory (its plan allows 256 MiB) and was killed.');
    expect(crashes).toEqual(['memory']);
  });
});
