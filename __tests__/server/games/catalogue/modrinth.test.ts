import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Catalogue, localEndpoints } from '../../../../server/src/games/catalogue/Catalogue';
import { primaryFile } from '../../../../server/src/games/catalogue/providers/modrinth';
import { startLocalCatalogue, type LocalCatalogue } from '../../../../server/src/games/catalogue/offline/catalogueServer';
import { CatalogueNotFoundError, CatalogueUnavailableError, DownloadRefusedError } from '../../../../server/src/games/catalogue/types';

let local: LocalCatalogue;
let catalogue: Catalogue;
let dir: string;

beforeAll(async () => {
  local = await startLocalCatalogue();
  catalogue = new Catalogue({ endpoints: localEndpoints(local.url) });
  dir = mkdtempSync(join(tmpdir(), 'modrinth-'));
});
afterAll(async () => {
  await local.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Modrinth client against the local catalogue', () => {
  it('searches by project type, loader and game version, paged', async () => {
    const plugins = await catalogue.modrinth.search({ projectType: 'plugin', loaders: ['paper', 'spigot'], gameVersions: ['1.21.4'] });
    expect(plugins.hits.map((h) => h.slug)).toEqual(['luckperms', 'chunky', 'chunkyborder']);
    expect(plugins.total).toBe(3);
    expect(plugins.hits[0]).toMatchObject({ id: 'Vebnzrzj', title: 'LuckPerms', projectType: 'plugin', iconUrl: expect.stringContaining('/icon.png'), downloads: expect.any(Number) });
    const page = await catalogue.modrinth.search({ projectType: 'plugin', loaders: ['paper'], gameVersions: ['1.21.4'], offset: 1, limit: 1 });
    expect(page).toMatchObject({ offset: 1, limit: 1, total: 3, hits: [{ slug: 'chunky' }] });
    const mods = await catalogue.modrinth.search({ projectType: 'mod', loaders: ['fabric'], gameVersions: ['1.21.4'], serverSide: true });
    expect(mods.hits.map((h) => h.slug)).toEqual(['fabric-api', 'lithium']);
    expect((await catalogue.modrinth.search({ projectType: 'mod', query: 'lithium', loaders: ['fabric'] })).hits.map((h) => h.slug)).toEqual(['lithium']);
    expect((await catalogue.modrinth.search({ projectType: 'mod', categories: ['optimization'] })).hits.map((h) => h.slug)).toEqual(['lithium']);
    expect((await catalogue.modrinth.search({ projectType: 'modpack' })).hits.map((h) => h.slug)).toEqual(['fabulously-optimized']);
  });

  it('reads projects by id or slug, their versions filtered, and one version with files and dependencies', async () => {
    const chunky = await catalogue.modrinth.project('chunky');
    expect(chunky).toMatchObject({ id: 'fALzjamp', title: 'Chunky', versions: ['dPliWter', 'RP8Fnl1J'], license: 'GPL-3.0-only' });
    expect((await catalogue.modrinth.project('fALzjamp')).slug).toBe('chunky');
    await expect(catalogue.modrinth.project('no-such-project')).rejects.toBeInstanceOf(CatalogueNotFoundError);
    const versions = await catalogue.modrinth.projectVersions('chunky', { loaders: ['paper'], gameVersions: ['1.21.4'] });
    expect(versions.map((v) => v.versionNumber)).toEqual(['1.4.36', '1.4.28']);
    expect(await catalogue.modrinth.projectVersions('chunky', { loaders: ['fabric'] })).toEqual([]);
    const border = await catalogue.modrinth.version('Kq0Xz5Wl');
    expect(border.dependencies).toEqual([{ projectId: 'fALzjamp', versionId: null, fileName: null, type: 'required' }]);
    const file = primaryFile(border)!;
    const artefact = local.artefacts.get('modrinth-chunkyborder-1.2.23')!;
    expect(file).toMatchObject({ filename: 'ChunkyBorder-Bukkit-1.2.23.jar', size: artefact.bytes.length, hashes: { sha1: artefact.sha1, sha512: artefact.sha512 } });
    expect((await catalogue.modrinth.projects(['fALzjamp', 's86X568j'])).map((p) => p.slug).sort()).toEqual(['chunky', 'chunkyborder']);
  });

  it('recognises files by SHA-512 or SHA-1 and names the newest version for the loader', async () => {
    const old = local.artefacts.get('modrinth-chunky-1.4.28')!;
    const lp = local.artefacts.get('modrinth-luckperms-5.4.145')!;
    const found = await catalogue.modrinth.versionFilesByHashes([old.sha512, lp.sha512, 'f'.repeat(128)]);
    expect(Object.keys(found).sort()).toEqual([old.sha512, lp.sha512].sort());
    expect(found[old.sha512]).toMatchObject({ projectId: 'fALzjamp', versionNumber: '1.4.28' });
    expect((await catalogue.modrinth.versionFilesByHashes([old.sha1]))[old.sha1].id).toBe('dPliWter');
    const latest = await catalogue.modrinth.latestVersionsByHashes([old.sha512], { loaders: ['paper'], gameVersions: ['1.21.4'] });
    expect(latest[old.sha512].versionNumber).toBe('1.4.36');
  });

  it('downloads a verified file; a tampered one is refused and leaves nothing', async () => {
    const version = await catalogue.modrinth.version('RP8Fnl1J');
    const target = join(dir, 'plugins', 'Chunky.jar');
    const { sha512 } = await catalogue.modrinth.download(primaryFile(version)!, target);
    expect(readFileSync(target).equals(local.artefacts.get('modrinth-chunky-1.4.36')!.bytes)).toBe(true);
    expect(sha512).toBe(local.artefacts.get('modrinth-chunky-1.4.36')!.sha512);
    local.tamper('modrinth-chunky-1.4.36');
    try {
      const other = join(dir, 'plugins', 'Chunky-2.jar');
      await expect(catalogue.modrinth.download(primaryFile(version)!, other)).rejects.toThrow(DownloadRefusedError);
      expect(existsSync(other)).toBe(false);
      expect(readdirSync(join(dir, 'plugins'))).toEqual(['Chunky.jar']);
    } finally {
      local.tamper('modrinth-chunky-1.4.36', false);
    }
    await expect(catalogue.modrinth.download({ ...primaryFile(version)!, url: 'https://evil.example/Chunky.jar' }, join(dir, 'x.jar'))).rejects.toThrow(/not one of the Modrinth hosts/);
  });

  it('answers from its cache, and says the catalogue is down when nothing is cached', async () => {
    const before = local.requests.length;
    await catalogue.modrinth.search({ projectType: 'plugin', loaders: ['paper', 'spigot'], gameVersions: ['1.21.4'] });
    expect(local.requests.length).toBe(before);
    local.setDown(true);
    try {
      await expect(catalogue.modrinth.search({ projectType: 'plugin', query: 'never asked' })).rejects.toBeInstanceOf(CatalogueUnavailableError);
    } finally {
      local.setDown(false);
    }
  });
});
