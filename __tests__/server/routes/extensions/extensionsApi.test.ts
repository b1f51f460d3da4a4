import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { auditLogs, serverExtensions, serverPermissions, servers, type ServerRow } from '../../../../server/src/db/schema';
import { Catalogue, localEndpoints } from '../../../../server/src/games/catalogue/Catalogue';
import { startLocalCatalogue, type LocalCatalogue } from '../../../../server/src/games/catalogue/offline/catalogueServer';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(120_000);

let local: LocalCatalogue;
let t: TestApp;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let squid: ServerRow;
let paper: ServerRow;
let fabric: ServerRow;

async function javaServer(name: string, software: string): Promise<ServerRow> {
  const server = await createTestServer(t.app, owner.user, { template: 'minecraft-java', name });
  await t.app.db
    .update(servers)
    .set({ installStatus: 'installed', installError: null, variables: { SERVER_SOFTWARE: software, MINECRAFT_VERSION: '1.21.4', SERVER_JARFILE: 'server.jar' } })
    .where(eq(servers.id, server.id));
  return (await t.app.db.select().from(servers).where(eq(servers.id, server.id)))[0];
}

beforeAll(async () => {
  local = await startLocalCatalogue();
  t = await createRuntimeTestApp({ catalogueUrl: local.url });
  [owner, reader, stranger] = await Promise.all([createTestUser(t.app), createTestUser(t.app), createTestUser(t.app)]);
  squid = await createTestServer(t.app, owner.user, { template: 'minecraft-flying-squid', name: 'Squid' });
  paper = await javaServer('Paper', 'paper');
  fabric = await javaServer('Fabric', 'fabric');
  await t.app.db.insert(serverPermissions).values({ serverId: paper.id, userId: reader.user.id, permissions: ['extensions.read'] });
});
afterAll(async () => {
  await t.close();
  await local.close();
});

const call = (user: TestUser, server: ServerRow, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2/servers/${server.shortId}/extensions${path}`, headers: user.headers, ...(payload ? { payload } : {}) });
const folder = (server: ServerRow, name: string) => join(t.app.runtime.driver.serverRoot(server.uuid), name);
const listing = (server: ServerRow, name: string) => (existsSync(folder(server, name)) ? readdirSync(folder(server, name)).sort() : []);
const events = async (server: ServerRow, event: string) =>
  t.app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, event)));
const overview = async (server: ServerRow) => (await call(owner, server, 'GET', '')).json().data;

describe('extensions of a server', () => {
  it('says the embedded server takes no plugins or mods, and refuses to search there', async () => {
    const data = await overview(squid);
    expect(data).toMatchObject({ software: { software: 'flying-squid' }, target: null, installed: [], providers: [] });
    const res = await call(owner, squid, 'GET', '/search?query=chunky');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/takes no plugins or mods/);
  });

  it('fits the search to the software: plugins for Paper on Modrinth, Hangar and SpiGet; server-side mods for Fabric', async () => {
    const data = await overview(paper);
    expect(data.target).toMatchObject({ software: 'paper', game_version: '1.21.4', kind: 'plugin', folder: 'plugins', loaders: ['paper', 'spigot', 'bukkit'] });
    expect(data.providers.map((p: { id: string }) => p.id)).toEqual(['modrinth', 'hangar', 'spiget']);
    const modrinth = (await call(reader, paper, 'GET', '/search')).json().data;
    expect(modrinth.hits.map((h: { slug: string }) => h.slug)).toEqual(['luckperms', 'chunky', 'chunkyborder']);
    expect(modrinth.hits[1]).toMatchObject({
      provider: 'modrinth',
      name: 'Chunky',
      description: expect.any(String),
      icon_url: expect.stringContaining('icon.png'),
      downloads: expect.any(Number),
      installed: false,
    });
    const paged = (await call(reader, paper, 'GET', '/search?page=2&per_page=2')).json().data;
    expect(paged).toMatchObject({ page: 2, per_page: 2, total: 3, has_more: false, hits: [{ slug: 'chunkyborder' }] });
    const hangar = (await call(reader, paper, 'GET', '/search?provider=hangar&query=via')).json().data;
    expect(hangar.hits.map((h: { name: string }) => h.name)).toEqual(['ViaVersion', 'ViaBackwards']);
    const spiget = (await call(reader, paper, 'GET', '/search?provider=spiget')).json().data;
    expect(spiget.hits.map((h: { name: string; external_url: string | null }) => [h.name, h.external_url])).toEqual([
      ['Vault', null],
      ['EssentialsX', 'https://essentialsx.net/downloads.html'],
    ]);
    const mods = (await call(owner, fabric, 'GET', '/search')).json().data;
    expect(mods.hits.map((h: { slug: string }) => h.slug)).toEqual(['fabric-api', 'lithium']);
    expect((await overview(fabric)).providers.map((p: { id: string }) => p.id)).toEqual(['modrinth']);
    expect((await call(owner, fabric, 'GET', '/search?provider=hangar')).statusCode).toBe(422);
    const page = (await call(reader, paper, 'GET', '/projects/modrinth/chunky')).json().data;
    expect(page.versions.map((v: { number: string }) => v.number)).toEqual(['1.4.36', '1.4.28']);
  });

  it('checks permissions: strangers get 404, readers cannot install', async () => {
    expect((await call(stranger, paper, 'GET', '')).statusCode).toBe(404);
    expect((await call(reader, paper, 'POST', '/install', { provider: 'modrinth', project: 'chunky' })).statusCode).toBe(403);
    expect((await call(owner, paper, 'POST', '/install', { provider: 'nowhere', project: 'chunky' })).statusCode).toBe(422);
    const res = await call(owner, paper, 'POST', '/install', { provider: 'modrinth', project: 'no-such-plugin' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.project[0]).toMatch(/no project/);
  });

  it('refuses a tampered file: nothing of that install remains', async () => {
    local.tamper('modrinth-chunky-1.4.36');
    try {
      const res = await call(owner, paper, 'POST', '/install', { provider: 'modrinth', project: 'chunkyborder', dependencies: true });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.file[0]).toMatch(/SHA512 .* refused/);
    } finally {
      local.tamper('modrinth-chunky-1.4.36', false);
    }
    expect(listing(paper, 'plugins')).toEqual([]);
    expect(await t.app.db.select().from(serverExtensions).where(eq(serverExtensions.serverId, paper.id))).toEqual([]);
    expect(await events(paper, 'server.extensions.install')).toEqual([]);
  });

  it('refuses downloads larger than the cap', async () => {
    const http = t.app.catalogue.modrinth.http as unknown as { maxDownloadBytes: number };
    const cap = http.maxDownloadBytes;
    http.maxDownloadBytes = 100;
    try {
      const res = await call(owner, paper, 'POST', '/install', { provider: 'modrinth', project: 'luckperms' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.file[0]).toMatch(/more than the 100 bytes allowed|larger than the 100 bytes/);
    } finally {
      http.maxDownloadBytes = cap;
    }
    expect(listing(paper, 'plugins')).toEqual([]);
  });

  it('offers the required dependency, installs both after confirmation, and recognises them by hash', async () => {
    const plan = (await call(owner, paper, 'POST', '/plan', { provider: 'modrinth', project: 'chunkyborder' })).json().data;
    expect(plan.releases.map((r: { name: string; version_number: string; verified: boolean }) => [r.name, r.version_number, r.verified])).toEqual([
      ['ChunkyBorder', '1.2.23', true],
      ['Chunky', '1.4.36', true],
    ]);
    const res = await call(owner, paper, 'POST', '/install', { provider: 'modrinth', project: 'chunkyborder', dependencies: true });
    expect(res.statusCode).toBe(200);
    expect(listing(paper, 'plugins')).toEqual(['Chunky-Bukkit-1.4.36.jar', 'ChunkyBorder-Bukkit-1.2.23.jar']);
    expect(readFileSync(join(folder(paper, 'plugins'), 'Chunky-Bukkit-1.4.36.jar')).equals(local.artefacts.get('modrinth-chunky-1.4.36')!.bytes)).toBe(true);
    const installed = (await overview(paper)).installed;
    expect(installed.map((i: { name: string; version_number: string; recognised: boolean; update: unknown }) => [i.name, i.version_number, i.recognised, i.update])).toEqual([
      ['Chunky', '1.4.36', true, null],
      ['ChunkyBorder', '1.2.23', true, null],
    ]);
    expect((await events(paper, 'server.extensions.install')).map((e) => (e.properties as { project: string }).project).sort()).toEqual(['Chunky', 'ChunkyBorder']);
    // Search marks them installed; the plan of something needing Chunky now finds it there.
    const hits = (await call(owner, paper, 'GET', '/search?query=chunky')).json().data.hits;
    expect(hits.map((h: { slug: string; installed: boolean }) => [h.slug, h.installed])).toEqual([
      ['chunky', true],
      ['chunkyborder', true],
    ]);
  });

  it('recognises a file put there by hand through Modrinth’s lookup by hash, and updates it in one click', async () => {
    writeFileSync(join(folder(paper, 'plugins'), 'Chunky-Bukkit-1.4.36.jar'), '');
    await call(owner, paper, 'DELETE', '/installed/Chunky-Bukkit-1.4.36.jar');
    writeFileSync(join(folder(paper, 'plugins'), 'chunky-old.jar'), local.artefacts.get('modrinth-chunky-1.4.28')!.bytes);
    writeFileSync(join(folder(paper, 'plugins'), 'notes.jar'), 'not a known plugin');
    let installed = (await overview(paper)).installed;
    const old = installed.find((i: { file: string }) => i.file === 'chunky-old.jar');
    expect(old).toMatchObject({ recognised: true, provider: 'modrinth', project_id: 'fALzjamp', version_number: '1.4.28', update: { version_number: '1.4.36' } });
    expect(installed.find((i: { file: string }) => i.file === 'notes.jar')).toMatchObject({ recognised: false, name: 'notes', update: null });
    const res = await call(owner, paper, 'POST', '/installed/chunky-old.jar/update');
    expect(res.statusCode).toBe(200);
    expect(listing(paper, 'plugins')).toEqual(['Chunky-Bukkit-1.4.36.jar', 'ChunkyBorder-Bukkit-1.2.23.jar', 'notes.jar']);
    installed = (await overview(paper)).installed;
    expect(installed.find((i: { file: string }) => i.file === 'Chunky-Bukkit-1.4.36.jar')).toMatchObject({ version_number: '1.4.36', update: null });
    expect((await events(paper, 'server.extensions.update')).map((e) => e.properties)).toEqual([expect.objectContaining({ from: '1.4.28', version: '1.4.36' })]);
  });

  it('offers the newest version for an older one the panel installed on request', async () => {
    expect((await call(owner, fabric, 'POST', '/install', { provider: 'modrinth', project: 'chunky', version: 'dPliWter' })).statusCode).toBe(422);
    const res = await call(owner, paper, 'POST', '/install', { provider: 'modrinth', project: 'luckperms', version: 'OrIs0S6b' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.installed).toEqual([expect.objectContaining({ name: 'LuckPerms', version_number: '5.4.145', recognised: true })]);
    expect((await overview(paper)).installed.find((i: { name: string }) => i.name === 'LuckPerms').update).toBeNull();
    expect((await call(owner, paper, 'POST', '/installed/LuckPerms-Bukkit-5.4.145.jar/update')).json().errors.file[0]).toMatch(/already the newest/);
    expect((await call(owner, paper, 'DELETE', '/installed/LuckPerms-Bukkit-5.4.145.jar')).statusCode).toBe(204);
  });

  it('disables, enables and removes', async () => {
    let res = await call(owner, paper, 'PATCH', '/installed/ChunkyBorder-Bukkit-1.2.23.jar', { enabled: false });
    expect(res.statusCode).toBe(200);
    expect(listing(paper, 'plugins')).toContain('ChunkyBorder-Bukkit-1.2.23.jar.disabled');
    expect((await overview(paper)).installed.find((i: { name: string }) => i.name === 'ChunkyBorder')).toMatchObject({ enabled: false, recognised: true });
    res = await call(owner, paper, 'PATCH', '/installed/ChunkyBorder-Bukkit-1.2.23.jar.disabled', { enabled: true });
    expect(res.json().data).toMatchObject({ file: 'ChunkyBorder-Bukkit-1.2.23.jar', enabled: true });
    expect((await call(owner, paper, 'DELETE', '/installed/notes.jar')).statusCode).toBe(204);
    expect((await call(owner, paper, 'DELETE', '/installed/notes.jar')).statusCode).toBe(404);
    expect((await call(owner, paper, 'DELETE', '/installed/..%2Fserver.properties')).statusCode).toBe(422);
    expect(listing(paper, 'plugins')).toEqual(['Chunky-Bukkit-1.4.36.jar', 'ChunkyBorder-Bukkit-1.2.23.jar']);
    expect((await events(paper, 'server.extensions.disable')).length).toBe(1);
    expect((await events(paper, 'server.extensions.remove')).length).toBe(3);
  });

  it('installs from Hangar (SHA-256 verified, with its dependency) and SpiGet; outside downloads are refused', async () => {
    const plan = (await call(owner, paper, 'POST', '/plan', { provider: 'hangar', project: 'ViaBackwards' })).json().data;
    expect(plan.releases.map((r: { name: string }) => r.name)).toEqual(['ViaBackwards', 'ViaVersion']);
    expect((await call(owner, paper, 'POST', '/install', { provider: 'hangar', project: 'ViaBackwards', dependencies: true })).statusCode).toBe(200);
    expect((await call(owner, paper, 'POST', '/install', { provider: 'spiget', project: '34315' })).statusCode).toBe(200);
    const res = await call(owner, paper, 'POST', '/install', { provider: 'spiget', project: '9089' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.project[0]).toMatch(/outside download/);
    const installed = (await overview(paper)).installed;
    expect(installed.map((i: { name: string; provider: string }) => [i.name, i.provider])).toEqual([
      ['Chunky', 'modrinth'],
      ['ChunkyBorder', 'modrinth'],
      ['Vault', 'spiget'],
      ['ViaBackwards', 'hangar'],
      ['ViaVersion', 'hangar'],
    ]);
  });

  it('refuses downloads from hosts outside the catalogue’s own', async () => {
    // The catalogue asked by another name of the same machine: its answers name files on 127.0.0.1, which is not one of its hosts.
    const original = t.app.catalogue;
    const elsewhere = new Catalogue({ endpoints: localEndpoints(local.url.replace('127.0.0.1', 'localhost')) });
    (t.app as unknown as { catalogue: Catalogue }).catalogue = elsewhere;
    try {
      const res = await call(owner, fabric, 'POST', '/install', { provider: 'modrinth', project: 'lithium' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.file[0]).toMatch(/not one of the Modrinth hosts/);
    } finally {
      (t.app as unknown as { catalogue: Catalogue }).catalogue = original;
    }
    expect(listing(fabric, 'mods')).toEqual([]);
  });

  it('CurseForge joins only when the host set its API key: mods searched and installed, verified by SHA-1', async () => {
    expect((await overview(fabric)).providers.map((p: { id: string }) => p.id)).toEqual(['modrinth']);
    expect((await call(owner, fabric, 'GET', '/search?provider=curseforge')).statusCode).toBe(422);
    const original = t.app.catalogue;
    (t.app as unknown as { catalogue: Catalogue }).catalogue = new Catalogue({ endpoints: localEndpoints(local.url), curseforgeApiKey: 'key-of-the-host' });
    try {
      expect((await overview(fabric)).providers.map((p: { id: string }) => p.id)).toEqual(['modrinth', 'curseforge']);
      const hits = (await call(owner, fabric, 'GET', '/search?provider=curseforge&query=lithium')).json().data.hits;
      expect(hits).toEqual([expect.objectContaining({ provider: 'curseforge', project_id: '360438', name: 'Lithium', installed: false })]);
      const res = await call(owner, fabric, 'POST', '/install', { provider: 'curseforge', project: '360438' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.installed).toEqual([expect.objectContaining({ provider: 'curseforge', name: 'Lithium', recognised: true })]);
      local.tamper('curseforge-fabric-api-0.114.0');
      const tampered = await call(owner, fabric, 'POST', '/install', { provider: 'curseforge', project: '306612' });
      local.tamper('curseforge-fabric-api-0.114.0', false);
      expect(tampered.json().errors.file[0]).toMatch(/SHA1 .* refused/);
      expect(listing(fabric, 'mods')).toEqual(['lithium-fabric-0.14.3+mc1.21.4.jar']);
      expect((await call(owner, fabric, 'DELETE', '/installed/lithium-fabric-0.14.3+mc1.21.4.jar')).statusCode).toBe(204);
    } finally {
      (t.app as unknown as { catalogue: Catalogue }).catalogue = original;
    }
  });

  it('a catalogue that is down: search says so clearly, installed extensions are still listed', async () => {
    mkdirSync(folder(fabric, 'mods'), { recursive: true });
    writeFileSync(join(folder(fabric, 'mods'), 'lithium.jar'), local.artefacts.get('modrinth-lithium-0.14.3')!.bytes);
    t.app.catalogue.clearCache();
    local.setDown(true);
    const warn = jest.spyOn(t.app.log, 'warn');
    try {
      const res = await call(owner, fabric, 'GET', '/search?query=sodium');
      expect(res.statusCode).toBe(502);
      // A plain sentence: no host, address or system error reaches the customer.
      expect(res.json().message).toBe('The Modrinth catalogue could not be reached. Try again later; installed extensions are still listed.');
      const data = await overview(fabric);
      expect(data.catalogue_error).toBe('The Modrinth catalogue could not be reached.');
      // The details are in the panel's log instead.
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ provider: 'Modrinth', url: expect.stringContaining(new URL(local.url).host), reason: expect.any(String) }),
        'a catalogue could not be reached',
      );
      expect(data.installed).toEqual([expect.objectContaining({ file: 'lithium.jar', recognised: false, name: 'lithium' })]);
      // What the panel installed itself stays recognised from its own record.
      expect((await overview(paper)).installed.map((i: { name: string }) => i.name)).toContain('ChunkyBorder');
    } finally {
      warn.mockRestore();
      local.setDown(false);
    }
    expect((await overview(fabric)).installed).toEqual([expect.objectContaining({ file: 'lithium.jar', recognised: true, name: 'Lithium' })]);
  });
});
