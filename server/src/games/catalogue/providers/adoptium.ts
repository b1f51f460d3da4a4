import type { CatalogueHttp } from '../CatalogueHttp';
import { CatalogueNotFoundError, type CatalogueBuild, type CatalogueDownload, type CatalogueProvider, type CatalogueSoftware, type CatalogueVersion } from '../types';

interface AvailableReleases {
  available_lts_releases: number[];
  available_releases: number[];
  most_recent_lts: number;
}
interface Asset {
  binary: { architecture: string; image_type: string; os: string; package: { checksum: string; link: string; name: string; size: number } };
  release_name: string;
  version: { major: number; semver: string; openjdk_version: string };
}

/**
 * Eclipse Temurin Java runtimes from Adoptium's API v3 (api.adoptium.net): the feature releases,
 * and the newest JRE of one for this machine's OS and architecture, with its SHA-256.
 * Downloads come from GitHub's release hosts.
 */
export class AdoptiumProvider implements CatalogueProvider {
  readonly id = 'adoptium';

  constructor(
    private readonly http: CatalogueHttp,
    private readonly base: string,
    private readonly platform = { os: 'linux', architecture: process.arch === 'arm64' ? 'aarch64' : 'x64' },
  ) {}

  software(): CatalogueSoftware[] {
    return [{ id: 'temurin', name: 'Eclipse Temurin (Java)', kind: 'runtime', provider: this.id }];
  }

  async versions(): Promise<CatalogueVersion[]> {
    const info = await this.http.getJson<AvailableReleases>(`${this.base}/v3/info/available_releases`);
    const lts = new Set(info.available_lts_releases);
    return [...info.available_releases]
      .sort((a, b) => b - a)
      .map((major) => ({ id: String(major), type: lts.has(major) ? 'release' : 'snapshot', minecraft: null, javaMajor: major, releasedAt: null }));
  }

  private async latest(version: string): Promise<Asset> {
    if (!/^\d{1,3}$/.test(version)) throw new CatalogueNotFoundError('version', `Java ${version} is not a feature release.`);
    const query = `architecture=${this.platform.architecture}&image_type=jre&os=${this.platform.os}&vendor=eclipse`;
    const assets = await this.http.getJson<Asset[]>(`${this.base}/v3/assets/latest/${version}/hotspot?${query}`);
    const asset = assets.find((a) => a.binary.image_type === 'jre');
    if (!asset) throw new CatalogueNotFoundError('version', `Adoptium has no Java ${version} runtime for ${this.platform.os} ${this.platform.architecture}.`);
    return asset;
  }

  async builds(_software: string, version: string): Promise<CatalogueBuild[]> {
    const asset = await this.latest(version);
    return [{ id: asset.release_name, channel: 'stable', time: null }];
  }

  async download(_software: string, version: string): Promise<CatalogueDownload> {
    const asset = await this.latest(version);
    const pkg = asset.binary.package;
    return {
      software: 'temurin',
      version,
      build: asset.release_name,
      kind: 'archive',
      url: pkg.link,
      fileName: pkg.name,
      size: pkg.size,
      checksum: { algorithm: 'sha256', value: pkg.checksum },
      javaMajor: asset.version.major,
    };
  }
}
