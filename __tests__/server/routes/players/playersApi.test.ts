import { readFileSync } from 'node:fs';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { allocations, auditLogs, serverPermissions, type ServerRow } from '../../../../server/src/db/schema';
import { offlineUuid } from '../../../../server/src/services/players/vanillaFiles';
import { clearMojangCache } from '../../../../server/src/services/players/mojangProfiles';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(180_000);

let t: TestApp;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let server: ServerRow;
let other: ServerRow;
const bots: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  t = await createRuntimeTestApp();
  [owner, reader, stranger] = await Promise.all([createTestUser(t.app), createTestUser(t.app), createTestUser(t.app)]);
  server = await createTestServer(t.app, owner.user, { template: 'minecraft-flying-squid', name: 'Players' });
  other = await createTestServer(t.app, stranger.user, { template: 'minecraft-flying-squid', name: 'Other' });
  await t.app.db.insert(serverPermissions).values({ serverId: server.id, userId: reader.user.id, permissions: ['players.read'] });
});
afterAll(async () => {
  for (const bot of bots) bot.kill('SIGKILL');
  await t.close();
});

const base = () => `/api/v2/servers/${server.shortId}/players`;
const call = (user: TestUser, method: 'GET' | 'POST' | 'DELETE' | 'PUT', path = '', payload?: object) =>
  t.app.inject({ method, url: `${base()}${path}`, headers: user.headers, ...(payload ? { payload } : {}) });
const fileText = (name: string) => readFileSync(join(t.app.runtime.driver.serverRoot(server.uuid), name), 'utf8');

async function gamePort(): Promise<number> {
  const [row] = await t.app.db.select().from(allocations).where(eq(allocations.id, server.allocationId!));
  return row.port;
}

/** A mineflayer client; resolves with its output lines as they come. */
async function join_(name: string): Promise<{ out: string[]; quit: () => Promise<void> }> {
  const bot = spawn(process.execPath, [join(__dirname, '..', '..', 'runtime', 'fixtures', 'mineflayerJoin.cjs'), '127.0.0.1', String(await gamePort()), name]);
  bots.push(bot);
  const out: string[] = [];
  bot.stdout.on('data', (d: Buffer) => out.push(...d.toString().split('\n').filter(Boolean)));
  await waitFor(() => out.includes('spawned') || out.includes('ended'), { what: `${name} join or refusal (${out.join(' | ')})`, timeoutMs: 60_000 });
  return {
    out,
    quit: async () => {
      if (!out.includes('ended')) bot.stdin.write('quit\n');
      await waitFor(() => out.includes('ended'), { what: `${name} left` });
    },
  };
}

async function audited(event: string): Promise<boolean> {
  const rows = await t.app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.serverUuid, server.uuid), like(auditLogs.event, event)));
  return rows.length > 0;
}

describe('players of a stopped server', () => {
  it('are readable and editable from the vanilla files', async () => {
    let res = await call(owner, 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ supported: true, online: [], whitelist: { enabled: false, entries: [] }, ops: [], bans: [], ip_bans: [] });
    res = await call(owner, 'POST', '/whitelist', { name: 'Alice_1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.whitelist.entries).toEqual([{ name: 'Alice_1', uuid: offlineUuid('Alice_1') }]);
    expect(JSON.parse(fileText('whitelist.json'))).toEqual([{ uuid: offlineUuid('Alice_1'), name: 'Alice_1' }]);
    expect((await call(owner, 'POST', '/ops', { name: 'Alice_1', level: 2 })).statusCode).toBe(200);
    expect(JSON.parse(fileText('ops.json'))).toEqual([{ uuid: offlineUuid('Alice_1'), name: 'Alice_1', level: 2, bypassesPlayerLimit: false }]);
    expect((await call(owner, 'POST', '/bans', { name: 'Griefer', reason: 'Broke the spawn', expires_at: '2999-01-01T00:00:00Z' })).statusCode).toBe(200);
    const [ban] = JSON.parse(fileText('banned-players.json'));
    expect(ban).toEqual({
      uuid: offlineUuid('Griefer'),
      name: 'Griefer',
      created: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000$/),
      source: owner.user.username,
      expires: '2999-01-01 00:00:00 +0000',
      reason: 'Broke the spawn',
    });
    res = await call(owner, 'POST', '/ip-bans', { ip: '203.0.113.9', reason: 'Bots' });
    expect(res.json().data.ip_bans).toEqual([expect.objectContaining({ ip: '203.0.113.9', reason: 'Bots', expires: null })]);
    res = await call(owner, 'DELETE', '/ip-bans/203.0.113.9');
    expect(res.json().data.ip_bans).toEqual([]);
    res = await call(owner, 'DELETE', '/ops/Alice_1');
    expect(res.json().data.ops).toEqual([]);
    res = await call(owner, 'PUT', '/whitelist/enabled', { enabled: true });
    expect(res.json().data.whitelist.enabled).toBe(true);
    expect(fileText('server.properties')).toMatch(/^white-list=true$/m);
    await call(owner, 'PUT', '/whitelist/enabled', { enabled: false });
    expect(await audited('server.players.whitelist-added')).toBe(true);
    expect(await audited('server.players.banned')).toBe(true);
    expect(await audited('server.players.whitelist-disabled')).toBe(true);
  });

  it('refuses bad names (422), absent players (404), duplicates (409) and kicks of someone offline', async () => {
    for (const name of ['ab', 'a-b-c', 'x'.repeat(17), 'émile']) {
      const res = await call(owner, 'POST', '/whitelist', { name });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.name).toBeDefined();
    }
    expect((await call(owner, 'DELETE', '/bans/a-b')).statusCode).toBe(422);
    expect((await call(owner, 'DELETE', '/bans/Nobody')).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', '/whitelist/Nobody')).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', '/ops/Nobody')).statusCode).toBe(404);
    expect((await call(owner, 'POST', '/kick', { name: 'Nobody' })).statusCode).toBe(404);
    expect((await call(owner, 'POST', '/whitelist', { name: 'Alice_1' })).statusCode).toBe(409);
    expect((await call(owner, 'POST', '/ip-bans', { ip: 'not-an-ip' })).statusCode).toBe(422);
    expect(JSON.parse(fileText('whitelist.json'))).toHaveLength(1);
  });

  it('keeps other people out: another server’s players are 404, reading alone cannot change', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/servers/${other.shortId}/players`, headers: owner.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/v2/servers/${other.shortId}/players/whitelist`, headers: owner.headers, payload: { name: 'Alice_1' } })).statusCode).toBe(404);
    expect((await call(reader, 'GET')).statusCode).toBe(200);
    expect((await call(reader, 'POST', '/whitelist', { name: 'Bob_1' })).statusCode).toBe(403);
  });

  it('resolves online-mode names through Mojang, with a clear error when it cannot be reached', async () => {
    const files = t.app.runtime.driver.files(server.uuid);
    const properties = (await files.readFile('server.properties')).toString();
    await files.writeFile('server.properties', properties.replace(/^online-mode=.*$/m, 'online-mode=true'));
    const realFetch = global.fetch;
    try {
      clearMojangCache();
      const fetchMock = jest.fn(async (url: string | URL | Request) => {
        expect(String(url)).toBe('https://api.mojang.com/users/profiles/minecraft/jeb_');
        return new Response(JSON.stringify({ id: '853c80ef3c3749fdaa49938b674adae6', name: 'jeb_' }), { status: 200 });
      });
      global.fetch = fetchMock as typeof fetch;
      let res = await call(owner, 'POST', '/whitelist', { name: 'jeb_' });
      expect(res.json().data.whitelist.entries).toContainEqual({ name: 'jeb_', uuid: '853c80ef-3c37-49fd-aa49-938b674adae6' });
      global.fetch = (async () => new Response(null, { status: 204 })) as typeof fetch;
      res = await call(owner, 'POST', '/whitelist', { name: 'NoSuchAccount1' });
      expect(res.statusCode).toBe(422);
      global.fetch = (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch;
      res = await call(owner, 'POST', '/whitelist', { name: 'Unreachable1' });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/Mojang’s profile service cannot be reached/);
    } finally {
      global.fetch = realFetch;
      await files.writeFile('server.properties', properties);
      await call(owner, 'DELETE', '/whitelist/jeb_');
    }
  });
});

describe('players of a running flying-squid server', () => {
  beforeAll(async () => {
    await t.app.runtime.power(server, 'start');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running', timeoutMs: 60_000 });
  });

  it('lists a player who joins, from the server itself, and kicks them with the reason', async () => {
    const bot = await join_('Tester');
    expect(bot.out).toContain('spawned');
    const listed = await waitFor(
      async () => {
        const data = (await call(owner, 'GET')).json().data;
        return data.online.length === 1 ? data.online[0] : null;
      },
      { what: 'Tester listed', timeoutMs: 2000 },
    );
    expect(listed).toMatchObject({ name: 'Tester', uuid: offlineUuid('Tester') });
    expect(Date.now() - Date.parse(listed.joined_at)).toBeLessThan(60_000);
    expect(t.app.runtime.recentOutput(server.uuid).some((l) => l.includes('panel:'))).toBe(false);
    const res = await call(owner, 'POST', '/kick', { name: 'Tester', reason: 'Time for bed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.online).toEqual([]);
    await waitFor(() => bot.out.some((l) => l.startsWith('kicked') && l.includes('Time for bed')), { what: `kick reason (${bot.out.join(' | ')})` });
    expect(await audited('server.players.kicked')).toBe(true);
  });

  it('a banned player cannot join and sees the reason; pardon lets them in', async () => {
    expect((await call(owner, 'POST', '/bans', { name: 'Tester', reason: 'Cheating' })).statusCode).toBe(200);
    expect(JSON.parse(fileText('banned-players.json'))).toContainEqual(expect.objectContaining({ name: 'Tester', uuid: offlineUuid('Tester'), reason: 'Cheating', source: 'Server' }));
    let bot = await join_('Tester');
    expect(bot.out.find((l) => l.startsWith('kicked'))).toMatch(/You are banned from this server.*Reason: Cheating/);
    expect((await call(owner, 'DELETE', '/bans/Tester')).statusCode).toBe(200);
    bot = await join_('Tester');
    expect(bot.out).toContain('spawned');
    await bot.quit();
  });

  it('whitelist on without them refuses; added, they join; lists survive a restart of the server', async () => {
    expect((await call(owner, 'PUT', '/whitelist/enabled', { enabled: true })).statusCode).toBe(200);
    let bot = await join_('Outsider');
    expect(bot.out.find((l) => l.startsWith('kicked'))).toMatch(/You are not white-listed on this server!/);
    expect((await call(owner, 'POST', '/whitelist', { name: 'Outsider' })).statusCode).toBe(200);
    bot = await join_('Outsider');
    expect(bot.out).toContain('spawned');
    await bot.quit();
    const before = (await call(owner, 'GET')).json().data;
    await t.app.runtime.power(server, 'restart');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running again', timeoutMs: 60_000 });
    const after = (await call(owner, 'GET')).json().data;
    expect(after.whitelist).toEqual(before.whitelist);
    expect(after.whitelist.enabled).toBe(true);
    bot = await join_('Stranger2');
    expect(bot.out.find((l) => l.startsWith('kicked'))).toMatch(/not white-listed/);
    await call(owner, 'PUT', '/whitelist/enabled', { enabled: false });
    await t.app.runtime.power(server, 'stop');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'offline', timeoutMs: 30_000 });
  });
});
