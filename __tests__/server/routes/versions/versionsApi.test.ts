import { readFileSync } from 'node:fs';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { allocations, auditLogs, serverPermissions, servers, type ServerRow } from '../../../../server/src/db/schema';
import { startLocalCatalogue, type LocalCatalogue } from '../../../../server/src/games/catalogue/offline/catalogueServer';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';
import { treeOf, writeTree } from '../../services/backups/backupsTestKit';

jest.setTimeout(240_000);

let local: LocalCatalogue;
let t: TestApp;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let squid: ServerRow;
let java: ServerRow;
const bots: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  local = await startLocalCatalogue();
  t = await createRuntimeTestApp({ catalogueUrl: local.url });
  [owner, reader, stranger] = await Promise.all([createTestUser(t.app), createTestUser(t.app), createTestUser(t.app)]);
  squid = await createTestServer(t.app, owner.user, { template: 'minecraft-flying-squid', name: 'Squid' });
  // The Java template downloads from Mojang at install; this machine is offline, so the server is
  // marked installed and given a world, config and jar of its own.
  java = await createTestServer(t.app, owner.user, { template: 'minecraft-java', name: 'Java' });
  await t.app.db
    .update(servers)
    .set({ installStatus: 'installed', installError: null, variables: { MINECRAFT_VERSION: '1.21.4', SERVER_JARFILE: 'server.jar' } })
    .where(eq(servers.id, java.id));
  [java] = await t.app.db.select().from(servers).where(eq(servers.id, java.id));
  writeTree(t.app.runtime.driver.serverRoot(java.uuid), {
    'server.jar': local.artefacts.get('vanilla-1.21.4')!.bytes,
    'server.properties': 'level-name=world\nmotd=Kept\n',
    'world/level.dat': 'the world',
    'world/region/r.0.0.mca': 'region',
    'plugins/keep.txt': 'config of a plugin',
  });
  await t.app.db.insert(serverPermissions).values({ serverId: squid.id, userId: reader.user.id, permissions: ['versions.read'] });
});
afterAll(async () => {
  for (const bot of bots) bot.kill('SIGKILL');
  await t.close();
  await local.close();
});

const call = (user: TestUser, server: ServerRow, method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2/servers/${server.shortId}/versions${path}`, headers: user.headers, ...(payload ? { payload } : {}) });
const rootOf = (server: ServerRow) => t.app.runtime.driver.serverRoot(server.uuid);
const variablesOf = async (server: ServerRow) => (await t.app.db.select().from(servers).where(eq(servers.id, server.id)))[0].variables;
const events = async (server: ServerRow, event: string) =>
  t.app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, event)));

async function switchAndWait(server: ServerRow, body: object) {
  const res = await call(owner, server, 'POST', '/switch', body);
  expect(res.statusCode).toBe(202);
  return (await t.app.switchJobs.waitFor(server.uuid))!;
}

describe('versions of the embedded flying-squid server', () => {
  it('shows the current software and lists its versions offline, with downgrade flags and a search', async () => {
    const res = await call(reader, squid, 'GET', '');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.current).toEqual({ software: 'flying-squid', name: 'flying-squid (embedded)', version: '1.21.4', build: null });
    // Its own versions, and the Java server software as a reinstall into the other family.
    expect(data.software.filter((s: { switchable: boolean; reinstall: boolean }) => s.switchable && !s.reinstall).map((s: { id: string }) => s.id)).toEqual(['flying-squid']);
    const list = (await call(reader, squid, 'GET', '/software/flying-squid?search=1.21')).json().data;
    expect(list.versions.map((v: { id: string }) => v.id)).toEqual(['1.21.4', '1.21.3', '1.21.1']);
    expect(list.versions.find((v: { id: string }) => v.id === '1.21.4')).toMatchObject({ current: true, downgrade: false, java_warning: false });
    expect(list.versions.find((v: { id: string }) => v.id === '1.21.1')).toMatchObject({ current: false, downgrade: true });
  });

  it('refuses unknown software and versions (422), strangers (404) and readers (403)', async () => {
    let res = await call(owner, squid, 'POST', '/switch', { software: 'bukkit', version: '1.21.4' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.software[0]).toMatch(/no software "bukkit"/);
    res = await call(owner, squid, 'POST', '/switch', { software: 'velocity', version: '3.4.0' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.software[0]).toMatch(/cannot run velocity/);
    res = await call(owner, squid, 'POST', '/switch', { software: 'flying-squid', version: '1.7.10' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.version).toBeDefined();
    expect((await call(owner, squid, 'GET', '/software/nope')).statusCode).toBe(422);
    expect((await call(stranger, squid, 'GET', '')).statusCode).toBe(404);
    expect((await call(reader, squid, 'POST', '/switch', { software: 'flying-squid', version: '1.21.1' })).statusCode).toBe(403);
    expect(await variablesOf(squid)).not.toHaveProperty('SERVER_SOFTWARE');
  });

  it('switches a running server to 1.21.1 with a backup, a second switch meanwhile is 409, and a 1.21.1 client joins', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/v2/servers/${squid.shortId}/power`, headers: owner.headers, payload: { signal: 'start' } })).statusCode).toBe(204);
    await waitFor(() => t.app.runtime.state(squid.uuid) === 'running', { what: 'the server to run' });
    const progress: string[] = [];
    const unsubscribe = t.app.runtime.events.subscribe(squid.uuid, (e) => e.type === 'version-switch' && progress.push(`${e.progress.step}:${e.progress.state}`));
    const started = Date.now();
    const res = await call(owner, squid, 'POST', '/switch', { software: 'flying-squid', version: '1.21.1' });
    expect(res.statusCode).toBe(202);
    expect((await call(owner, squid, 'POST', '/switch', { software: 'flying-squid', version: '1.20.3' })).statusCode).toBe(409);
    const job = (await t.app.switchJobs.waitFor(squid.uuid))!;
    unsubscribe();
    expect(job).toMatchObject({ state: 'completed', error: null, percent: 100 });
    expect(job.backup).toMatch(/^[0-9a-f-]{36}$|^world copy/);
    expect(progress).toEqual(['stop:running', 'backup:running', 'download:running', 'install:running', 'start:running', 'done:completed']);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(t.app.runtime.state(squid.uuid)).toBe('running');
    expect(await variablesOf(squid)).toMatchObject({ SERVER_SOFTWARE: 'flying-squid', MINECRAFT_VERSION: '1.21.1' });
    expect((await call(owner, squid, 'GET', '')).json().data.current.version).toBe('1.21.1');
    expect(await events(squid, 'server.versions.switch')).toHaveLength(1);
    expect(await events(squid, 'server.versions.switched')).toHaveLength(1);

    const [port] = await t.app.db.select().from(allocations).where(eq(allocations.id, squid.allocationId!));
    const bot = spawn(process.execPath, [join(__dirname, '..', '..', 'runtime', 'fixtures', 'mineflayerJoin.cjs'), '127.0.0.1', String(port.port), 'Switcher', '1.21.1']);
    bots.push(bot);
    const out: string[] = [];
    bot.stdout.on('data', (d: Buffer) => out.push(...d.toString().split('\n').filter(Boolean)));
    await waitFor(() => out.includes('spawned') || out.includes('ended'), { what: `the 1.21.1 client to join (${out.join(' | ')})`, timeoutMs: 60_000 });
    expect(out).toContain('spawned');
    bot.stdin.write('quit\n');
    await t.app.inject({ method: 'POST', url: `/api/v2/servers/${squid.shortId}/power`, headers: owner.headers, payload: { signal: 'stop' } });
    await waitFor(() => t.app.runtime.state(squid.uuid) === 'offline', { what: 'the server to stop' });
  });
});

describe('versions of a Java server against the local catalogue', () => {
  it('lists vanilla with snapshots on request and Java warnings', async () => {
    const releases = (await call(owner, java, 'GET', '/software/vanilla')).json().data;
    expect(releases.versions.map((v: { id: string }) => v.id)).toEqual(['1.21.4', '1.20.4']);
    expect(releases.versions[1]).toMatchObject({ downgrade: true, java_major: null });
    const all = (await call(owner, java, 'GET', '/software/vanilla?type=snapshot')).json().data;
    expect(all.versions.map((v: { id: string }) => v.id)).toEqual(['25w02a']);
    const paper = (await call(owner, java, 'GET', '/software/paper')).json().data;
    expect(paper.versions[0]).toMatchObject({ id: '1.21.4', java_major: 21, java_warning: expect.any(Boolean) });
  });

  it('switches to Paper: the verified jar replaces server.jar, world and config kept', async () => {
    const before = treeOf(rootOf(java));
    const job = await switchAndWait(java, { software: 'paper', version: '1.21.4' });
    expect(job).toMatchObject({ state: 'completed' });
    expect(readFileSync(join(rootOf(java), 'server.jar')).equals(local.artefacts.get('paper-1.21.4-232')!.bytes)).toBe(true);
    const after = treeOf(rootOf(java));
    for (const kept of ['server.properties', 'world/level.dat', 'world/region/r.0.0.mca', 'plugins/keep.txt']) expect(after[kept]).toBe(before[kept]);
    expect(await variablesOf(java)).toMatchObject({ SERVER_SOFTWARE: 'paper', MINECRAFT_VERSION: '1.21.4', SOFTWARE_BUILD: '232' });
  });

  it('refuses a tampered download and leaves the server unchanged', async () => {
    const before = treeOf(rootOf(java));
    const variables = await variablesOf(java);
    local.tamper('purpur-1.21.4-2388');
    try {
      const job = await switchAndWait(java, { software: 'purpur', version: '1.21.4' });
      expect(job).toMatchObject({ state: 'failed', error: expect.stringMatching(/MD5 .* refused and nothing was changed/) });
    } finally {
      local.tamper('purpur-1.21.4-2388', false);
    }
    expect(treeOf(rootOf(java))).toEqual(before);
    expect(await variablesOf(java)).toEqual(variables);
    expect(await events(java, 'server.versions.switch-failed')).toHaveLength(1);
  });

  it('rolls back a failure in the middle of the install (the Forge installer fails)', async () => {
    const before = treeOf(rootOf(java));
    const variables = await variablesOf(java);
    const job = await switchAndWait(java, { software: 'forge', version: '1.21.4' });
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/installer|Java/);
    expect(treeOf(rootOf(java))).toEqual(before);
    expect(await variablesOf(java)).toEqual(variables);
  });

  it('keeps listing from the cache when the catalogue is down, and says so; 502 without a cache', async () => {
    await call(owner, java, 'GET', '/software/fabric');
    for (const http of t.app.catalogue.http) (http as unknown as { cache: Map<string, { fetchedAt: number }> }).cache.forEach((entry) => (entry.fetchedAt = 0));
    local.setDown(true);
    try {
      const res = await call(owner, java, 'GET', '/software/fabric');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.stale_since).toEqual(expect.any(String));
      expect(res.json().data.versions.map((v: { id: string }) => v.id)).toEqual(['1.21.4', '1.20.4']);
      const cold = await call(owner, java, 'GET', '/software/neoforge');
      expect(cold.statusCode).toBe(502);
      expect(cold.json().message).toBe('The NeoForge catalogue could not be reached. Try again later.');
    } finally {
      local.setDown(false);
    }
  });
});
