import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { auditLogs, serverExtensions, servers, type ServerRow } from '../../../../server/src/db/schema';
import { startLocalCatalogue, type LocalCatalogue } from '../../../../server/src/games/catalogue/offline/catalogueServer';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';
import { treeOf, writeTree } from '../../services/backups/backupsTestKit';

jest.setTimeout(240_000);

let local: LocalCatalogue;
let t: TestApp;
let owner: TestUser;
let java: ServerRow;

const MODS = ['fabric-api-0.114.0+1.21.4.jar', 'ferritecore-7.1.1-fabric.jar', 'krypton-0.2.8.jar', 'lithium-fabric-0.14.3+mc1.21.4.jar'];

beforeAll(async () => {
  local = await startLocalCatalogue();
  t = await createRuntimeTestApp({ catalogueUrl: local.url });
  owner = await createTestUser(t.app);
  // The Java template downloads from Mojang at install; offline, the server is marked installed
  // and given a vanilla jar, config and world of its own.
  java = await createTestServer(t.app, owner.user, { template: 'minecraft-java', name: 'Setups with extensions' });
  await t.app.db
    .update(servers)
    .set({ installStatus: 'installed', installError: null, variables: { SERVER_SOFTWARE: 'vanilla', MINECRAFT_VERSION: '1.21.4', SERVER_JARFILE: 'server.jar' } })
    .where(eq(servers.id, java.id));
  [java] = await t.app.db.select().from(servers).where(eq(servers.id, java.id));
  writeTree(t.app.runtime.driver.serverRoot(java.uuid), {
    'server.jar': local.artefacts.get('vanilla-1.21.4')!.bytes,
    'server.properties': 'level-name=world\nmotd=Kept\ndifficulty=easy\n',
    'world/level.dat': 'the world',
  });
});
afterAll(async () => {
  await t.close();
  await local.close();
});

const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2/servers/${java.shortId}${path}`, headers: owner.headers, ...(payload ? { payload } : {}) });
const root = () => t.app.runtime.driver.serverRoot(java.uuid);
const variables = async () => (await t.app.db.select().from(servers).where(eq(servers.id, java.id)))[0].variables;
const events = (event: string) =>
  t.app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.serverUuid, java.uuid), eq(auditLogs.event, event)));
const recorded = () => t.app.db.select().from(serverExtensions).where(eq(serverExtensions.serverId, java.id));

/** The server's folder, variables and extension records: what a refused or rolled-back apply must leave as they were. */
async function state() {
  return { files: treeOf(root()), variables: await variables(), recorded: await recorded() };
}

describe('setups that install extensions', () => {
  it('offers the Modded and Minigames setups on a Java server', async () => {
    const res = await call('GET', '/setups');
    expect(res.statusCode).toBe(200);
    const offered = Object.fromEntries(res.json().data.map((s: { id: string; available: boolean; extensions: string[] }) => [s.id, [s.available, s.extensions]]));
    expect(offered['minecraft-modded-fabric']).toEqual([true, ['fabric-api', 'lithium', 'ferrite-core', 'krypton']]);
    expect(offered['minecraft-minigames-paper']).toEqual([true, ['multiverse-core', 'luckperms', 'worldguard']]);
  });

  it('names an extension no catalogue offers in the preview, and refuses to apply (422) with nothing changed', async () => {
    local.withdraw('/modrinth/v2/project/krypton');
    try {
      const preview = (await call('GET', '/setups/minecraft-modded-fabric/preview')).json().data;
      expect(preview.unresolved).toEqual([
        {
          extension: 'krypton',
          reason: 'not-found',
          message: expect.stringMatching(/^krypton could not be resolved: no catalogue offers it for Fabric 1\.21\.4 \(Modrinth: Modrinth has no project "krypton"\.\)/),
        },
      ]);
      expect(preview.extensions.map((e: { name: string }) => e.name)).toEqual(['Fabric API', 'Lithium', 'FerriteCore']);
      const before = await state();
      const res = await call('POST', '/setups/minecraft-modded-fabric/apply', { reset_world: false });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.extensions[0]).toMatch(/^krypton could not be resolved/);
      expect(t.app.switchJobs.jobOf(java.uuid)).toBeNull();
      expect(await state()).toEqual(before);
      expect(await events('server.setups.apply')).toEqual([]);
    } finally {
      local.withdraw('/modrinth/v2/project/krypton', false);
    }
  });

  it('previews the switch to Fabric, the config keys and the four mods with their versions and files', async () => {
    const res = await call('GET', '/setups/minecraft-modded-fabric/preview');
    expect(res.statusCode).toBe(200);
    const preview = res.json().data;
    expect(preview.software).toEqual({ from: { software: 'vanilla', version: '1.21.4' }, to: { software: 'fabric', version: '1.21.4' } });
    expect(preview.config).toContainEqual({ file: 'server.properties', key: 'difficulty', old: 'easy', new: 'normal' });
    expect(preview.extensions_folder).toBe('mods');
    expect(preview.unresolved).toEqual([]);
    expect(
      preview.extensions.map((e: { provider: string; name: string; version_number: string; file: string; dependency_of: string | null }) => [
        e.provider,
        e.name,
        e.version_number,
        e.file,
        e.dependency_of,
      ]),
    ).toEqual([
      ['modrinth', 'Fabric API', '0.114.0+1.21.4', 'fabric-api-0.114.0+1.21.4.jar', null],
      ['modrinth', 'Lithium', 'mc1.21.4-0.14.3-fabric', 'lithium-fabric-0.14.3+mc1.21.4.jar', null],
      ['modrinth', 'FerriteCore', '7.1.1-fabric', 'ferritecore-7.1.1-fabric.jar', null],
      ['modrinth', 'Krypton', '0.2.8', 'krypton-0.2.8.jar', null],
    ]);
    expect(preview.files).toEqual([
      'server.properties',
      'mods/fabric-api-0.114.0+1.21.4.jar',
      'mods/lithium-fabric-0.14.3+mc1.21.4.jar',
      'mods/ferritecore-7.1.1-fabric.jar',
      'mods/krypton-0.2.8.jar',
    ]);
  });

  it('refuses a tampered mod download: the job rolls back, files and software unchanged', async () => {
    const before = await state();
    local.tamper('modrinth-krypton-0.2.8');
    try {
      const res = await call('POST', '/setups/minecraft-modded-fabric/apply', { reset_world: false });
      expect(res.statusCode).toBe(202);
      const job = (await t.app.switchJobs.waitFor(java.uuid))!;
      expect(job).toMatchObject({ kind: 'setup', state: 'failed' });
      expect(job.error).toMatch(/SHA512.*refused/i);
    } finally {
      local.tamper('modrinth-krypton-0.2.8', false);
    }
    expect(await state()).toEqual(before);
    expect(existsSync(join(root(), 'mods'))).toBe(false);
    expect(await events('server.setups.failed')).toHaveLength(1);
  });

  it('names a file already in mods/ under a planned mod’s name in the preview, and refuses to apply (422) with nothing changed', async () => {
    writeTree(root(), { 'mods/lithium-fabric-0.14.3+mc1.21.4.jar': 'a jar of my own under that name' });
    try {
      const preview = (await call('GET', '/setups/minecraft-modded-fabric/preview')).json().data;
      expect(preview.unresolved).toEqual([
        { extension: 'Lithium', reason: 'clash', message: 'mods/lithium-fabric-0.14.3+mc1.21.4.jar is already there and is not Lithium; remove or rename it before applying this setup.' },
      ]);
      const before = await state();
      const lastJob = t.app.switchJobs.jobOf(java.uuid);
      const res = await call('POST', '/setups/minecraft-modded-fabric/apply', { reset_world: false });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.extensions[0]).toMatch(/^mods\/lithium-fabric-0\.14\.3\+mc1\.21\.4\.jar is already there/);
      expect(t.app.switchJobs.jobOf(java.uuid)).toBe(lastJob);
      expect(await state()).toEqual(before);
    } finally {
      rmSync(join(root(), 'mods'), { recursive: true, force: true });
    }
  });

  it('rolls back a failure in the middle of the install (a mod placed, the next one clashes with a file put there meanwhile): files and software unchanged', async () => {
    const before = await state();
    // The clash appears once the job is downloading, after its plan was checked.
    const unsubscribe = t.app.runtime.events.subscribe(java.uuid, (e) => {
      if (e.type === 'version-switch' && e.progress.step === 'download' && !existsSync(join(root(), 'mods')))
        writeTree(root(), { 'mods/lithium-fabric-0.14.3+mc1.21.4.jar': 'a jar of my own under that name' });
    });
    try {
      const res = await call('POST', '/setups/minecraft-modded-fabric/apply', { reset_world: false });
      expect(res.statusCode).toBe(202);
      const job = (await t.app.switchJobs.waitFor(java.uuid))!;
      expect(job).toMatchObject({ state: 'failed', error: expect.stringMatching(/mods\/lithium-fabric-0\.14\.3\+mc1\.21\.4\.jar is already there/) });
      expect(readdirSync(join(root(), 'mods'))).toEqual(['lithium-fabric-0.14.3+mc1.21.4.jar']);
      rmSync(join(root(), 'mods'), { recursive: true, force: true });
      expect(await state()).toEqual(before);
    } finally {
      unsubscribe();
      rmSync(join(root(), 'mods'), { recursive: true, force: true });
    }
  });

  it('applies the Modded setup: Fabric, the config, and the four mods verified into mods/, recognised by the extensions page', async () => {
    const progress: string[] = [];
    const unsubscribe = t.app.runtime.events.subscribe(java.uuid, (e) => e.type === 'version-switch' && progress.push(`${e.progress.step}:${e.progress.percent}`));
    const res = await call('POST', '/setups/minecraft-modded-fabric/apply', { reset_world: false });
    expect(res.statusCode).toBe(202);
    const job = (await t.app.switchJobs.waitFor(java.uuid))!;
    unsubscribe();
    expect(job).toMatchObject({ kind: 'setup', state: 'completed', software: 'fabric', version: '1.21.4' });
    expect([...new Set(progress.map((p) => p.split(':')[0]))]).toEqual(['stop', 'backup', 'download', 'install', 'done']);
    // One step of progress per verified mod.
    expect(progress.filter((p) => p.startsWith('download:')).length).toBeGreaterThanOrEqual(4);
    expect(readdirSync(join(root(), 'mods')).sort()).toEqual(MODS);
    expect(readFileSync(join(root(), 'mods/krypton-0.2.8.jar')).equals(local.artefacts.get('modrinth-krypton-0.2.8')!.bytes)).toBe(true);
    expect(readFileSync(join(root(), 'mods/ferritecore-7.1.1-fabric.jar')).equals(local.artefacts.get('modrinth-ferritecore-7.1.1')!.bytes)).toBe(true);
    expect(readFileSync(join(root(), 'world/level.dat'), 'utf8')).toBe('the world');
    expect(readFileSync(join(root(), 'server.properties'), 'utf8')).toMatch(/difficulty=normal/);
    expect(await variables()).toMatchObject({ SERVER_SOFTWARE: 'fabric', MINECRAFT_VERSION: '1.21.4', SERVER_JARFILE: 'fabric-server-launch.jar' });

    const overview = (await call('GET', '/extensions')).json().data;
    expect(overview.target).toMatchObject({ software: 'fabric', folder: 'mods' });
    expect(overview.installed.map((i: { file: string; name: string; recognised: boolean; provider: string }) => [i.file, i.name, i.recognised, i.provider])).toEqual([
      ['fabric-api-0.114.0+1.21.4.jar', 'Fabric API', true, 'modrinth'],
      ['ferritecore-7.1.1-fabric.jar', 'FerriteCore', true, 'modrinth'],
      ['krypton-0.2.8.jar', 'Krypton', true, 'modrinth'],
      ['lithium-fabric-0.14.3+mc1.21.4.jar', 'Lithium', true, 'modrinth'],
    ]);
    expect((await recorded()).map((r) => r.projectName).sort()).toEqual(['Fabric API', 'FerriteCore', 'Krypton', 'Lithium']);

    const [apply] = await events('server.setups.apply');
    expect((apply.properties as { extensions: unknown }).extensions).toEqual([
      { name: 'Fabric API', version: '0.114.0+1.21.4', file: 'mods/fabric-api-0.114.0+1.21.4.jar' },
      { name: 'Lithium', version: 'mc1.21.4-0.14.3-fabric', file: 'mods/lithium-fabric-0.14.3+mc1.21.4.jar' },
      { name: 'FerriteCore', version: '7.1.1-fabric', file: 'mods/ferritecore-7.1.1-fabric.jar' },
      { name: 'Krypton', version: '0.2.8', file: 'mods/krypton-0.2.8.jar' },
    ]);
    const [applied] = await events('server.setups.applied');
    expect((applied.properties as { extensions: { name: string }[] }).extensions.map((e) => e.name)).toEqual(['Fabric API', 'Lithium', 'FerriteCore', 'Krypton']);

    // Applied: nothing is left to install.
    const again = (await call('GET', '/setups/minecraft-modded-fabric/preview')).json().data;
    expect(again).toMatchObject({ software: null, config: [], extensions: [], unresolved: [] });
    expect([...again.extensions_installed].sort()).toEqual(['Fabric API', 'FerriteCore', 'Krypton', 'Lithium']);
  });

  it('says which plugins cannot be resolved while the catalogue is down, and refuses to apply (503) with nothing changed', async () => {
    // The Paper versions were listed before; the plugin catalogues were never asked.
    await t.app.catalogue.versions('paper');
    const before = await state();
    local.setDown(true);
    try {
      const preview = (await call('GET', '/setups/minecraft-minigames-paper/preview')).json().data;
      expect(preview.software).toEqual({ from: { software: 'fabric', version: '1.21.4' }, to: { software: 'paper', version: '1.21.4' } });
      expect(preview.unresolved.map((u: { extension: string; reason: string }) => [u.extension, u.reason])).toEqual([
        ['multiverse-core', 'unreachable'],
        ['luckperms', 'unreachable'],
        ['worldguard', 'unreachable'],
      ]);
      expect(preview.unresolved[0].message).toMatch(/^multiverse-core could not be resolved: .*Modrinth/);
      const res = await call('POST', '/setups/minecraft-minigames-paper/apply', { reset_world: false });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/multiverse-core could not be resolved/);
    } finally {
      local.setDown(false);
    }
    expect(await state()).toEqual(before);
  });

  it('applies the Minigames setup: Paper plugins from Modrinth and Hangar, with the dependency WorldGuard needs', async () => {
    const preview = (await call('GET', '/setups/minecraft-minigames-paper/preview')).json().data;
    expect(preview.extensions_folder).toBe('plugins');
    expect(preview.extensions.map((e: { provider: string; name: string; file: string; dependency_of: string | null }) => [e.provider, e.name, e.file, e.dependency_of])).toEqual([
      ['hangar', 'Multiverse-Core', 'multiverse-core-4.3.14.jar', null],
      ['modrinth', 'LuckPerms', 'LuckPerms-Bukkit-5.4.145.jar', null],
      ['modrinth', 'WorldGuard', 'worldguard-bukkit-7.0.13-dist.jar', null],
      ['modrinth', 'WorldEdit', 'worldedit-bukkit-7.3.10.jar', 'WorldGuard'],
    ]);
    const res = await call('POST', '/setups/minecraft-minigames-paper/apply', { reset_world: false });
    expect(res.statusCode).toBe(202);
    const job = (await t.app.switchJobs.waitFor(java.uuid))!;
    expect(job).toMatchObject({ state: 'completed', software: 'paper' });
    expect(readdirSync(join(root(), 'plugins')).sort()).toEqual(['LuckPerms-Bukkit-5.4.145.jar', 'multiverse-core-4.3.14.jar', 'worldedit-bukkit-7.3.10.jar', 'worldguard-bukkit-7.0.13-dist.jar']);
    expect(readFileSync(join(root(), 'plugins/multiverse-core-4.3.14.jar')).equals(local.artefacts.get('hangar-multiverse-core-4.3.14')!.bytes)).toBe(true);
    const installed = (await call('GET', '/extensions')).json().data.installed;
    expect(installed.map((i: { name: string; provider: string; recognised: boolean }) => [i.name, i.provider, i.recognised])).toEqual([
      ['LuckPerms', 'modrinth', true],
      ['Multiverse-Core', 'hangar', true],
      ['WorldEdit', 'modrinth', true],
      ['WorldGuard', 'modrinth', true],
    ]);
  });
});
