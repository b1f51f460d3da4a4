import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Catalogue, localEndpoints } from '../../../../server/src/games/catalogue/Catalogue';
import { CatalogueHttp } from '../../../../server/src/games/catalogue/CatalogueHttp';
import { startLocalCatalogue, type LocalCatalogue } from '../../../../server/src/games/catalogue/offline/catalogueServer';
import { CatalogueNotFoundError, CatalogueUnavailableError, DownloadRefusedError } from '../../../../server/src/games/catalogue/types';

let local: LocalCatalogue;
let catalogue: Catalogue;
let dir: string;

beforeAll(async () => {
  local = await startLocalCatalogue();
  catalogue = new Catalogue({ endpoints: localEndpoints(local.url) });
  dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
});
afterAll(async () => {
  await local.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Downloads a software's file through its provider's client and checks the bytes are the artefact's. */
async function fetchAndVerify(software: string, version: string, artefact: string, build?: string) {
  const download = await catalogue.download(software, version, build);
  const target = join(dir, `${software}-${version}.bin`);
  await catalogue.httpFor(software)!.download(download.url!, target, download.checksum);
  expect(readFileSync(target).equals(local.artefacts.get(artefact)!.bytes)).toBe(true);
  return download;
}

describe('catalogue providers against the local catalogue', () => {
  it('lists every software', () => {
    expect(
      catalogue
        .software()
        .map((s) => s.id)
        .sort(),
    ).toEqual(['fabric', 'flying-squid', 'folia', 'forge', 'neoforge', 'paper', 'purpur', 'temurin', 'vanilla', 'velocity']);
  });

  it('Mojang: releases and snapshots (no old betas), the server jar with its SHA-1 and the Java it needs', async () => {
    const versions = await catalogue.versions('vanilla');
    expect(versions.map((v) => [v.id, v.type])).toEqual([
      ['25w02a', 'snapshot'],
      ['1.21.4', 'release'],
      ['1.20.4', 'release'],
    ]);
    const download = await fetchAndVerify('vanilla', '1.20.4', 'vanilla-1.20.4');
    expect(download).toMatchObject({ kind: 'server-jar', javaMajor: 17, checksum: { algorithm: 'sha1', value: local.artefacts.get('vanilla-1.20.4')!.sha1 } });
    await expect(catalogue.download('vanilla', '9.9.9')).rejects.toBeInstanceOf(CatalogueNotFoundError);
  });

  it('PaperMC: Paper, Folia and Velocity builds with SHA-256; the newest stable build by default', async () => {
    expect((await catalogue.versions('paper')).map((v) => v.id)).toEqual(['1.21.4', '1.21.3', '1.20.4']);
    expect((await catalogue.builds('paper', '1.21.4')).map((b) => [b.id, b.channel])).toEqual([
      ['233', 'experimental'],
      ['232', 'stable'],
      ['231', 'stable'],
    ]);
    const paper = await fetchAndVerify('paper', '1.21.4', 'paper-1.21.4-232');
    expect(paper).toMatchObject({ build: '232', checksum: { algorithm: 'sha256' }, javaMajor: 21 });
    await fetchAndVerify('folia', '1.21.4', 'folia-1.21.4-6');
    expect((await fetchAndVerify('velocity', '3.4.0-SNAPSHOT', 'velocity-3.4.0-SNAPSHOT-463')).javaMajor).toBe(17);
    await expect(catalogue.builds('paper', '1.2.3')).rejects.toBeInstanceOf(CatalogueNotFoundError);
  });

  it('Purpur: builds with MD5; failed builds are refused', async () => {
    expect((await catalogue.builds('purpur', '1.21.4')).map((b) => b.id)).toEqual(['2388', '2387']);
    expect((await fetchAndVerify('purpur', '1.21.4', 'purpur-1.21.4-2388')).checksum!.algorithm).toBe('md5');
    await expect(catalogue.download('purpur', '1.21.4', '2387')).rejects.toThrow(/failed to build/);
  });

  it('Fabric meta: game versions, loaders, and the stable installer with the SHA-1 its Maven publishes', async () => {
    expect((await catalogue.versions('fabric')).filter((v) => v.type === 'release').map((v) => v.id)).toEqual(['1.21.4', '1.20.4']);
    expect((await catalogue.builds('fabric', '1.21.4'))[0]).toEqual({ id: '0.16.10', channel: 'stable', time: null });
    const download = await fetchAndVerify('fabric', '1.21.4', 'fabric-installer-1.0.1');
    expect(download.installArgs).toEqual(['server', '-mcversion', '1.21.4', '-loader', '0.16.10', '-downloadMinecraft']);
  });

  it('Forge and NeoForge from their Maven metadata', async () => {
    expect((await catalogue.versions('forge')).map((v) => v.id)).toEqual(['1.21.4', '1.20.4']);
    expect((await catalogue.builds('forge', '1.21.4')).map((b) => b.id)).toEqual(['1.21.4-54.0.26', '1.21.4-54.0.16']);
    expect((await fetchAndVerify('forge', '1.21.4', 'forge-1.21.4-54.0.26-installer')).installArgs).toEqual(['--installServer']);
    expect((await catalogue.versions('neoforge')).map((v) => v.id)).toEqual(['1.21.4', '1.20.4']);
    expect((await catalogue.builds('neoforge', '1.21.4')).map((b) => [b.id, b.channel])).toEqual([
      ['21.4.75', 'stable'],
      ['21.4.0-beta', 'experimental'],
    ]);
    await fetchAndVerify('neoforge', '1.21.4', 'neoforge-21.4.75-installer');
  });

  it('Adoptium: feature releases (LTS as releases) and the JRE with its SHA-256', async () => {
    const versions = await catalogue.versions('temurin');
    expect(versions.find((v) => v.id === '21')).toMatchObject({ type: 'release', javaMajor: 21 });
    expect(versions.find((v) => v.id === '23')!.type).toBe('snapshot');
    expect(await fetchAndVerify('temurin', '21', 'temurin-21-jre')).toMatchObject({ kind: 'archive', build: 'jdk-21.0.5+11' });
  });

  it('flying-squid: its supported versions from its own data, offline', async () => {
    local.setDown(true);
    try {
      const versions = (await catalogue.versions('flying-squid')).map((v) => v.id);
      expect(versions[0]).toBe('1.21.4');
      expect(versions).toEqual(expect.arrayContaining(['1.21.1', '1.20.3', '1.8.8']));
      expect(await catalogue.download('flying-squid', '1.21.1')).toMatchObject({ kind: 'bundled', url: null });
      await expect(catalogue.download('flying-squid', '1.7.10')).rejects.toBeInstanceOf(CatalogueNotFoundError);
    } finally {
      local.setDown(false);
    }
  });
});

describe('the catalogue HTTP client', () => {
  it('serves from its cache within the TTL, then revalidates with ETag (304), and keeps working on the cache when the API is down', async () => {
    const http = new CatalogueHttp({ name: 'Test', allowedHosts: [new URL(local.url).host], ttlMs: 50 });
    const url = `${local.url}/papermc/v2/projects/paper`;
    const count = () => local.requests.filter((p) => p === '/papermc/v2/projects/paper').length;
    const before = count();
    const first = await http.getText(url);
    await http.getText(url);
    expect(count()).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 60));
    expect((await http.getText(url)).body).toBe(first.body);
    expect(count()).toBe(before + 2);
    await new Promise((r) => setTimeout(r, 60));
    local.setDown(true);
    try {
      expect(await http.getText(url)).toEqual({ body: first.body, stale: true });
      const cold = new CatalogueHttp({ name: 'Test', allowedHosts: [new URL(local.url).host] });
      await expect(cold.getText(url)).rejects.toThrow(CatalogueUnavailableError);
      // A plain sentence for customers; what failed is kept apart, for the panel's log.
      const failure = (await cold.getText(url).catch((error: unknown) => error)) as CatalogueUnavailableError;
      expect(failure.message).toBe('The Test catalogue could not be reached.');
      expect(failure.reason).not.toBe('');
    } finally {
      local.setDown(false);
    }
  });

  it('refuses hosts outside the allowlist, oversize downloads and a tampered file, leaving the target untouched', async () => {
    const http = new CatalogueHttp({ name: 'Test', allowedHosts: [new URL(local.url).host], maxDownloadBytes: 64 });
    const a = local.artefacts.get('paper-1.21.4-232')!;
    const target = join(dir, 'kept.jar');
    writeFileSync(target, 'previous');
    const sha256 = { algorithm: 'sha256' as const, value: a.sha256 };
    await expect(http.download(`http://evil.example/${a.path}`, target, sha256)).rejects.toBeInstanceOf(DownloadRefusedError);
    await expect(http.download(`${local.url}/${a.path}`, target, sha256)).rejects.toThrow(/more than the 64 bytes/);
    const roomy = new CatalogueHttp({ name: 'Test', allowedHosts: [new URL(local.url).host] });
    local.tamper(a.name);
    try {
      await expect(roomy.download(`${local.url}/${a.path}`, target, sha256)).rejects.toThrow(/refused and nothing was changed/);
    } finally {
      local.tamper(a.name, false);
    }
    await expect(roomy.download(`${local.url}/${a.path}`, target, null)).rejects.toThrow(/no checksum/);
    expect(readFileSync(target, 'utf8')).toBe('previous');
    expect(existsSync(target)).toBe(true);
    await roomy.download(`${local.url}/${a.path}`, target, sha256);
    expect(readFileSync(target).equals(a.bytes)).toBe(true);
  });
});
