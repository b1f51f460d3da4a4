import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { auditLogs, plans, serverPermissions, servers, type ServerRow } from '../../../../server/src/db/schema';
import { startLocalCatalogue, type LocalCatalogue } from '../../../../server/src/games/catalogue/offline/catalogueServer';
import { buildMrpack, modPath, renameEntries, testModFiles, type TestPackFile, type TestPackSpec } from '../../../../server/src/games/catalogue/offline/modpackArtefacts';
import { defaultModpackLimits } from '../../../../server/src/services/modpacks/mrpack';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';
import { treeOf, writeTree } from '../../services/backups/backupsTestKit';

jest.setTimeout(240_000);

let local: LocalCatalogue;
let t: TestApp;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let java: ServerRow;
let squid: ServerRow;
/** Who installs in the current block (a user of its own each: installs are rate-limited per user). */
let installer: TestUser;
async function newInstaller() {
  installer = await createTestUser(t.app);
  await t.app.db.insert(serverPermissions).values({ serverId: java.id, userId: installer.user.id, permissions: ['modpacks.read', 'modpacks.install'] });
}

beforeAll(async () => {
  local = await startLocalCatalogue();
  t = await createRuntimeTestApp({ catalogueUrl: local.url });
  [owner, reader, stranger] = await Promise.all([createTestUser(t.app), createTestUser(t.app), createTestUser(t.app)]);
  squid = await createTestServer(t.app, owner.user, { template: 'minecraft-flying-squid', name: 'Squid' });
  // The Java template downloads from Mojang at install; offline, the server is marked installed with files of its own.
  java = await createTestServer(t.app, owner.user, { template: 'minecraft-java', name: 'Modded' });
  await t.app.db
    .update(servers)
    .set({ installStatus: 'installed', installError: null, variables: { MINECRAFT_VERSION: '1.20.4', SERVER_JARFILE: 'server.jar' } })
    .where(eq(servers.id, java.id));
  [java] = await t.app.db.select().from(servers).where(eq(servers.id, java.id));
  writeTree(rootOf(java), {
    'server.jar': local.artefacts.get('vanilla-1.20.4')!.bytes,
    'server.properties': 'level-name=world\nmotd=Kept\n',
    'world/level.dat': 'the world',
    'config/own.txt': 'the owner’s config',
  });
  await t.app.db.insert(serverPermissions).values({ serverId: java.id, userId: reader.user.id, permissions: ['modpacks.read'] });
});
afterAll(async () => {
  await t.close();
  await local.close();
});

const rootOf = (server: ServerRow) => t.app.runtime.driver.serverRoot(server.uuid);
const call = (user: TestUser, server: ServerRow, method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2/servers/${server.shortId}/modpacks${path}`, headers: user.headers, ...(payload ? { payload } : {}) });
const variablesOf = async (server: ServerRow) => (await t.app.db.select().from(servers).where(eq(servers.id, server.id)))[0].variables;
const events = async (server: ServerRow, event: string) =>
  t.app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, event)));
const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');
const mod = (name: string) => local.artefacts.get(`modpack-${name}`)!.bytes;
const cdn = (name: string) => `https://cdn.modrinth.com/${modPath(`modpack-${name}`)}`;
const modFile = (name: string, extra: Partial<TestPackFile> = {}): TestPackFile => ({ path: `mods/${name}.jar`, bytes: mod(name), downloads: [cdn(name)], ...extra });
const workDir = (server: ServerRow) => join(t.app.config.dataDir, 'modpacks', server.uuid);
/** The server's files without the packs the tests put there. */
const filesOf = (server: ServerRow) => Object.fromEntries(Object.entries(treeOf(rootOf(server))).filter(([k]) => !k.startsWith('packs/')));

/** Puts an .mrpack in the server's files and asks to install it. */
async function offer(spec: TestPackSpec | Buffer, body: object = {}, user = installer) {
  const bytes = Buffer.isBuffer(spec) ? spec : await buildMrpack(spec);
  const name = `pack-${Math.random().toString(36).slice(2)}.mrpack`;
  writeTree(rootOf(java), { [`packs/${name}`]: bytes });
  return call(user, java, 'POST', '/install', { file: `/packs/${name}`, ...body });
}
async function installAndWait(spec: TestPackSpec | Buffer, body: object = {}) {
  const res = await offer(spec, body);
  expect(res.statusCode).toBe(202);
  return { answer: res.json().data, job: (await t.app.switchJobs.waitFor(java.uuid))! };
}

describe('installing an .mrpack', () => {
  beforeAll(newInstaller);
  it('installs the server files of the index (hash-verified, in parallel with a bound), the overrides, and the Minecraft version it names, after a backup', async () => {
    const progress: string[] = [];
    const unsubscribe = t.app.runtime.events.subscribe(java.uuid, (e) => e.type === 'version-switch' && progress.push(`${e.progress.kind}:${e.progress.step}:${e.progress.percent}`));
    const { answer, job } = await installAndWait({
      name: 'Small pack',
      versionId: '1.0.0',
      dependencies: { minecraft: '1.21.4' },
      files: [...testModFiles(local.artefacts, 12), modFile('clientmod', { env: { client: 'required', server: 'unsupported' } })],
      entries: {
        'overrides/config/pack.toml': 'from overrides',
        'overrides/config/both.toml': 'overrides',
        'server-overrides/config/both.toml': 'server-overrides win',
        'client-overrides/options.txt': 'for clients only',
      },
    });
    unsubscribe();
    expect(answer.pack).toMatchObject({ name: 'Small pack', version_number: '1.0.0', minecraft: '1.21.4', loader: null, files: 12, client_only: 1, overrides: 3 });
    expect(job).toMatchObject({ kind: 'modpack', state: 'completed', error: null, percent: 100, software: 'vanilla', version: '1.21.4' });
    expect(job.backup).toMatch(/^[0-9a-f-]{36}$|^world copy/);
    const steps = [...new Set(progress.map((p) => p.split(':')[1]))];
    expect(steps).toEqual(['stop', 'backup', 'download', 'install', 'done']);
    expect(progress.filter((p) => p.includes(':download:')).length).toBeGreaterThan(2);

    const root = rootOf(java);
    for (let i = 1; i <= 12; i++) {
      const id = `testmod${String(i).padStart(2, '0')}`;
      expect(sha1(readFileSync(join(root, 'mods', `${id}.jar`)))).toBe(sha1(mod(id)));
    }
    expect(existsSync(join(root, 'mods', 'clientmod.jar'))).toBe(false);
    expect(existsSync(join(root, 'options.txt'))).toBe(false);
    expect(readFileSync(join(root, 'config/pack.toml'), 'utf8')).toBe('from overrides');
    expect(readFileSync(join(root, 'config/both.toml'), 'utf8')).toBe('server-overrides win');
    expect(readFileSync(join(root, 'config/own.txt'), 'utf8')).toBe('the owner’s config');
    expect(readFileSync(join(root, 'world/level.dat'), 'utf8')).toBe('the world');
    expect(readFileSync(join(root, 'server.jar')).equals(local.artefacts.get('vanilla-1.21.4')!.bytes)).toBe(true);
    expect(await variablesOf(java)).toMatchObject({ SERVER_SOFTWARE: 'vanilla', MINECRAFT_VERSION: '1.21.4' });

    const stage = t.app.modpacks.lastStage.get(java.uuid)!;
    expect(stage.peakParallel).toBeGreaterThan(1);
    expect(stage.peakParallel).toBeLessThanOrEqual(defaultModpackLimits.parallelDownloads);
    // Staging and the copied pack are gone.
    expect(readdirSync(workDir(java)).flatMap((d) => readdirSync(join(workDir(java), d)))).toEqual([]);

    const overview = (await call(reader, java, 'GET', '')).json().data;
    expect(overview).toMatchObject({
      supported: true,
      installed: { source: 'file', name: 'Small pack', version_number: '1.0.0', minecraft: '1.21.4', loader: null, files: 12 },
      job: { state: 'completed' },
    });
    expect(await events(java, 'server.modpacks.install')).toHaveLength(1);
    expect(await events(java, 'server.modpacks.installed')).toHaveLength(1);
  });

  it('installs another version with the world reset: files the old version listed go, the world starts anew', async () => {
    const { job } = await installAndWait(
      { name: 'Small pack', versionId: '1.1.0', files: testModFiles(local.artefacts, 3), entries: { 'overrides/config/pack.toml': 'version 1.1' } },
      { keep_world: false },
    );
    expect(job.state).toBe('completed');
    const root = rootOf(java);
    expect(readdirSync(join(root, 'mods')).sort()).toEqual(['testmod01.jar', 'testmod02.jar', 'testmod03.jar']);
    expect(existsSync(join(root, 'world'))).toBe(false);
    expect(readFileSync(join(root, 'config/pack.toml'), 'utf8')).toBe('version 1.1');
    expect((await call(owner, java, 'GET', '')).json().data.installed).toMatchObject({ version_number: '1.1.0', files: 3 });
    writeTree(root, { 'world/level.dat': 'the world' });
  });
});

describe('Modrinth modpacks', () => {
  beforeAll(newInstaller);

  it('browses Modrinth modpacks and their versions; CurseForge and FTB say why they cannot be browsed', async () => {
    const res = await call(reader, java, 'GET', '/search?query=optimized');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.hits.map((h: { id: string }) => h.id)).toEqual(['1KVo5zza']);
    expect(data.hits[0]).toMatchObject({ title: 'Fabulously Optimized', slug: 'fabulously-optimized' });
    expect(data.sources.map((s: { id: string; available: boolean }) => `${s.id}:${s.available}`)).toEqual(['modrinth:true', 'curseforge:false', 'ftb:false']);
    // Mods and plugins are not modpacks.
    expect((await call(reader, java, 'GET', '/search?query=lithium')).json().data.hits).toEqual([]);
    const versions = (await call(reader, java, 'GET', '/projects/1KVo5zza/versions')).json().data;
    expect(versions.project.title).toBe('Fabulously Optimized');
    expect(versions.versions.map((v: { version_number: string }) => v.version_number)).toEqual(['6.5.0', '6.4.0']);
    expect(versions.versions[0]).toMatchObject({ game_versions: ['1.21.4'], loaders: ['fabric'], file: { name: 'Fabulously.Optimized-6.5.0.mrpack' } });
    expect((await call(reader, java, 'GET', '/projects/P7dR8mSH/versions')).statusCode).toBe(422);
  });

  it('installs a Modrinth version with its loader (Fabric set up through the versions layer), then offers and installs the update', async () => {
    let res = await call(installer, java, 'POST', '/install', { project_id: '1KVo5zza', version_id: 'yZ4W7Uk8' });
    expect(res.statusCode).toBe(202);
    expect(res.json().data.pack).toMatchObject({ name: 'Fabulously Optimized', version_number: '6.4.0', loader: 'fabric', loader_version: '0.16.10', files: 2 });
    let job = (await t.app.switchJobs.waitFor(java.uuid))!;
    expect(job).toMatchObject({ state: 'completed', software: 'fabric', version: '1.21.4' });
    const root = rootOf(java);
    expect(readdirSync(join(root, 'mods')).sort()).toEqual(['fabric-api-0.114.0+1.21.4.jar', 'lithium-fabric-0.14.3+mc1.21.4.jar']);
    expect(readFileSync(join(root, 'mods/fabric-api-0.114.0+1.21.4.jar')).equals(local.artefacts.get('modrinth-fabric-api-0.114.0')!.bytes)).toBe(true);
    expect(readFileSync(join(root, 'config/fabulously-optimized.txt'), 'utf8')).toBe('Fabulously Optimized 6.4.0\n');
    expect(existsSync(join(root, 'fabric-server-launch.jar'))).toBe(true);
    expect(await variablesOf(java)).toMatchObject({ SERVER_SOFTWARE: 'fabric', MINECRAFT_VERSION: '1.21.4', SOFTWARE_BUILD: '0.16.10', SERVER_JARFILE: 'fabric-server-launch.jar' });
    let overview = (await call(reader, java, 'GET', '')).json().data;
    expect(overview.installed).toMatchObject({
      source: 'modrinth',
      project_id: '1KVo5zza',
      version_id: 'yZ4W7Uk8',
      name: 'Fabulously Optimized',
      version_number: '6.4.0',
      loader: 'fabric',
      loader_version: '0.16.10',
    });
    expect(overview.update).toMatchObject({ version_id: 'Tg1pXl3N', version_number: '6.5.0' });

    res = await call(installer, java, 'POST', '/install', { project_id: '1KVo5zza', version_id: 'Tg1pXl3N' });
    expect(res.statusCode).toBe(202);
    expect(res.json().data.pack).toMatchObject({ version_number: '6.5.0', files: 2, client_only: 1 });
    job = (await t.app.switchJobs.waitFor(java.uuid))!;
    expect(job.state).toBe('completed');
    expect(readdirSync(join(root, 'mods')).sort()).toEqual(['fabric-api-0.114.0+1.21.4.jar', 'lithium-fabric-0.14.3+mc1.21.4.jar']);
    expect(readFileSync(join(root, 'config/fabulously-optimized.txt'), 'utf8')).toBe('Fabulously Optimized 6.5.0\n');
    overview = (await call(reader, java, 'GET', '')).json().data;
    expect(overview.installed).toMatchObject({ version_id: 'Tg1pXl3N', version_number: '6.5.0' });
    expect(overview.update).toBeNull();
  });

  it('refuses a version of another project, an unknown version, and says clearly when Modrinth is down', async () => {
    let res = await call(installer, java, 'POST', '/install', { project_id: '1KVo5zza', version_id: 'ZNwYCTsk' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.version_id[0]).toMatch(/not a version of Fabulously Optimized/);
    res = await call(installer, java, 'POST', '/install', { project_id: '1KVo5zza', version_id: 'nope1234' });
    expect(res.statusCode).toBe(422);
    local.setDown(true);
    try {
      t.app.catalogue.clearCache();
      res = await call(reader, java, 'GET', '/search?query=fabulous');
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('The Modrinth catalogue could not be reached. Try again later.');
      res = await call(installer, java, 'POST', '/install', { project_id: '1KVo5zza', version_id: 'Tg1pXl3N' });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/could not be reached/);
    } finally {
      local.setDown(false);
    }
  });
});

describe('refusals', () => {
  beforeEach(newInstaller);
  async function refused(spec: TestPackSpec | Buffer, pattern: RegExp) {
    const before = filesOf(java);
    const variables = await variablesOf(java);
    const requests = local.requests.length;
    const res = await offer(spec);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.pack[0]).toMatch(pattern);
    expect(filesOf(java)).toEqual(before);
    expect(await variablesOf(java)).toEqual(variables);
    expect(local.requests.slice(requests).filter((p) => p.includes('modrinth-cdn'))).toEqual([]);
    expect(t.app.switchJobs.isRunning(java.uuid)).toBe(false);
  }

  it('refuses a pack whose index names ../ or absolute paths before anything is written', async () => {
    await refused({ files: [modFile('testmod01', { path: '../escape.jar' })] }, /outside the folder/);
    await refused({ files: [modFile('testmod01', { path: 'mods/../../escape.jar' })] }, /outside the folder/);
    await refused({ files: [modFile('testmod01', { path: '/etc/escape.jar' })] }, /absolute/);
    await refused({ files: [modFile('testmod01', { path: 'C:\\escape.jar' })] }, /absolute/);
  });

  it('refuses a zip-slip .mrpack (overrides/../..) and overrides with links before anything is written', async () => {
    const slip = renameEntries(await buildMrpack({ entries: { 'overrides/@@/@@/escape.txt': 'out' } }), '@@', '..');
    await refused(slip, /outside the folder/);
    await refused({ links: { 'overrides/config': '/etc' } }, /link/);
    expect(existsSync(join(rootOf(java), '..', 'escape.txt'))).toBe(false);
  });

  it('refuses hosts the format does not allow, plain http, and files over the cap', async () => {
    await refused({ files: [modFile('testmod01', { downloads: ['https://evil.example.com/mods/testmod01.jar'] })] }, /evil\.example\.com, which modpacks may not use/);
    await refused({ files: [modFile('testmod01', { downloads: [cdn('testmod01').replace('https:', 'http:')] })] }, /which modpacks may not use/);
    t.app.modpacks.limits.maxFileBytes = 64 * 1024;
    try {
      await refused({ files: [modFile('bigmod')] }, /more than the 65536 bytes allowed/);
    } finally {
      t.app.modpacks.limits.maxFileBytes = defaultModpackLimits.maxFileBytes;
    }
  });

  it('refuses a pack that does not fit in the plan’s disk space (507), nothing written', async () => {
    const [{ diskMb }] = await t.app.db.select({ diskMb: plans.diskMb }).from(plans).where(eq(plans.id, java.planId));
    await t.app.db.update(plans).set({ diskMb: 1 }).where(eq(plans.id, java.planId));
    writeTree(rootOf(java), { 'filler.bin': Buffer.alloc(1024 * 1024) });
    try {
      const before = filesOf(java);
      const res = await offer({ files: testModFiles(local.artefacts, 50) });
      expect(res.statusCode).toBe(507);
      expect(res.json().message).toMatch(/Not enough disk space/);
      expect(filesOf(java)).toEqual(before);
    } finally {
      await t.app.db.update(plans).set({ diskMb }).where(eq(plans.id, java.planId));
      rmSync(join(rootOf(java), 'filler.bin'));
    }
  });

  it('refuses bad input: not a zip, no index, another game, an unknown loader, a server that cannot run mods; checks permissions', async () => {
    await refused(Buffer.from('not a zip at all'), /not a zip/);
    await refused(await buildMrpack({ rawIndex: '{"formatVersion":1,"game":"minecraft"' }), /not valid JSON/);
    await refused({ rawIndex: JSON.stringify({ formatVersion: 1, game: 'terraria', name: 'x', versionId: '1', files: [], dependencies: { minecraft: '1.21.4' } }) }, /terraria/);
    let res = await offer({ dependencies: { minecraft: '1.21.4', 'quilt-loader': '0.27.1' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.pack[0]).toMatch(/quilt/);
    res = await offer({}, {}, reader);
    expect(res.statusCode).toBe(403);
    res = await offer({}, {}, stranger);
    expect(res.statusCode).toBe(404);
    res = await call(owner, squid, 'POST', '/install', { file: '/x.mrpack' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.pack[0]).toMatch(/cannot run modpacks/);
    res = await call(installer, java, 'POST', '/install', { file: '/nothing-here.mrpack' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toBeDefined();
    res = await call(installer, java, 'POST', '/install', { file: '/../../etc/passwd.mrpack' });
    expect([400, 422]).toContain(res.statusCode);
    res = await call(installer, java, 'POST', '/install', {});
    expect(res.statusCode).toBe(422);
  });
});

describe('links in the server folder', () => {
  beforeAll(newInstaller);

  it('replaces a link the game left where the pack puts a folder, and never writes through it', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'modpack-outside-'));
    const root = rootOf(java);
    const saved = readdirSync(join(root, 'mods'));
    rmSync(join(root, 'mods'), { recursive: true, force: true });
    symlinkSync(outside, join(root, 'mods'));
    try {
      const { job } = await installAndWait({ name: 'Linked', files: testModFiles(local.artefacts, 2) });
      expect(job.state).toBe('completed');
      expect(readdirSync(outside)).toEqual([]);
      expect(lstatSync(join(root, 'mods')).isDirectory()).toBe(true);
      expect(readdirSync(join(root, 'mods')).sort()).toEqual(['testmod01.jar', 'testmod02.jar']);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
    expect(saved.length).toBeGreaterThan(0);
  });
});

describe('failures roll back', () => {
  beforeAll(newInstaller);
  async function failsAndRollsBack(spec: TestPackSpec, pattern: RegExp, body: object = {}) {
    const before = filesOf(java);
    const variables = await variablesOf(java);
    const installed = (await call(owner, java, 'GET', '')).json().data.installed;
    const { job } = await installAndWait(spec, body);
    expect(job).toMatchObject({ kind: 'modpack', state: 'failed' });
    expect(job.error).toMatch(pattern);
    expect(filesOf(java)).toEqual(before);
    expect(await variablesOf(java)).toEqual(variables);
    expect((await call(owner, java, 'GET', '')).json().data.installed).toEqual(installed);
    expect(readdirSync(workDir(java)).flatMap((d) => readdirSync(join(workDir(java), d)))).toEqual([]);
    return job;
  }

  it('refuses a tampered file (hash mismatch): nothing from that install remains', async () => {
    local.tamper('modpack-testmod07');
    try {
      await failsAndRollsBack({ name: 'Tampered', files: testModFiles(local.artefacts, 20) }, /SHA512 .* refused/);
    } finally {
      local.tamper('modpack-testmod07', false);
    }
    expect((await events(java, 'server.modpacks.install-failed')).length).toBeGreaterThan(0);
  });

  it('refuses a file larger than the cap while downloading, when the index understates it', async () => {
    t.app.modpacks.limits.maxFileBytes = 64 * 1024;
    try {
      await failsAndRollsBack({ name: 'Liar', files: [...testModFiles(local.artefacts, 4), modFile('bigmod', { fileSize: 1000 })] }, /more than the 65536 bytes allowed/);
    } finally {
      t.app.modpacks.limits.maxFileBytes = defaultModpackLimits.maxFileBytes;
    }
  });

  it('rolls back a failure in the middle of the install (files placed, world reset, then the Forge installer fails)', async () => {
    const steps: string[] = [];
    const unsubscribe = t.app.runtime.events.subscribe(java.uuid, (e) => e.type === 'version-switch' && steps.push(e.progress.step));
    const job = await failsAndRollsBack(
      { name: 'Forge pack', dependencies: { minecraft: '1.21.4', forge: '54.0.26' }, files: testModFiles(local.artefacts, 5), entries: { 'overrides/config/forge.toml': 'x' } },
      /installer|Java|exit/i,
      { keep_world: false },
    );
    unsubscribe();
    expect(job).toMatchObject({ software: 'forge', version: '1.21.4' });
    expect(steps).toContain('install');
    expect(steps).toContain('rollback');
    expect(readFileSync(join(rootOf(java), 'world/level.dat'), 'utf8')).toBe('the world');
  });

  it('says clearly when the catalogue is down', async () => {
    local.setDown(true);
    try {
      const res = await offer({ name: 'Offline', files: testModFiles(local.artefacts, 2) });
      if (res.statusCode === 502) expect(res.json().message).toMatch(/could not be reached/);
      else {
        expect(res.statusCode).toBe(202);
        const job = (await t.app.switchJobs.waitFor(java.uuid))!;
        expect(job).toMatchObject({ state: 'failed', error: expect.stringMatching(/could not be reached/) });
      }
    } finally {
      local.setDown(false);
    }
  });
});
