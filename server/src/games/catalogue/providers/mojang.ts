import type { CatalogueHttp } from '../CatalogueHttp';
import { CatalogueNotFoundError, type CatalogueBuild, type CatalogueDownload, type CatalogueProvider, type CatalogueSoftware, type CatalogueVersion } from '../types';

interface Manifest {
  latest: { release: string; snapshot: string };
  versions: { id: string; type: string; url: string; time: string; releaseTime: string; sha1: string }[];
}
interface VersionDetails {
  id: string;
  javaVersion?: { component: string; majorVersion: number };
  downloads: { server?: { url: string; sha1: string; size: number } };
}

/**
 * Vanilla Minecraft from Mojang's version manifest (piston-meta.mojang.com/mc/game/version_manifest_v2.json):
 * releases and snapshots, each version's own JSON with the server jar, its SHA-1 and size, and the
 * Java version it needs.
 */
export class MojangProvider implements CatalogueProvider {
  readonly id = 'mojang';

  constructor(
    private readonly http: CatalogueHttp,
    private readonly base: string,
  ) {}

  software(): CatalogueSoftware[] {
    return [{ id: 'vanilla', name: 'Vanilla', kind: 'server', provider: this.id }];
  }

  private manifest(): Promise<Manifest> {
    return this.http.getJson<Manifest>(`${this.base}/mc/game/version_manifest_v2.json`);
  }

  async versions(): Promise<CatalogueVersion[]> {
    const manifest = await this.manifest();
    return manifest.versions
      .filter((v) => v.type === 'release' || v.type === 'snapshot')
      .map((v) => ({ id: v.id, type: v.type as 'release' | 'snapshot', minecraft: v.id, javaMajor: null, releasedAt: v.releaseTime }));
  }

  private async details(version: string): Promise<VersionDetails> {
    const entry = (await this.manifest()).versions.find((v) => v.id === version);
    if (!entry) throw new CatalogueNotFoundError('version', `Minecraft ${version} is not in Mojang's version manifest.`);
    return this.http.getJson<VersionDetails>(entry.url);
  }

  async builds(_software: string, version: string): Promise<CatalogueBuild[]> {
    const entry = (await this.manifest()).versions.find((v) => v.id === version);
    if (!entry) throw new CatalogueNotFoundError('version', `Minecraft ${version} is not in Mojang's version manifest.`);
    return [{ id: version, channel: entry.type === 'release' ? 'stable' : 'experimental', time: entry.releaseTime }];
  }

  async download(_software: string, version: string): Promise<CatalogueDownload> {
    const details = await this.details(version);
    const server = details.downloads.server;
    if (!server) throw new CatalogueNotFoundError('version', `Minecraft ${version} has no dedicated server download.`);
    return {
      software: 'vanilla',
      version,
      build: null,
      kind: 'server-jar',
      url: server.url,
      fileName: `minecraft_server.${version}.jar`,
      size: server.size,
      checksum: { algorithm: 'sha1', value: server.sha1 },
      javaMajor: details.javaVersion?.majorVersion ?? 8,
    };
  }
}
