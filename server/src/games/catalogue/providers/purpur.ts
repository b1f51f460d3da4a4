import { HttpNotFound, type CatalogueHttp } from '../CatalogueHttp';
import {
  CatalogueNotFoundError,
  compareVersions,
  javaForMinecraft,
  type CatalogueBuild,
  type CatalogueDownload,
  type CatalogueProvider,
  type CatalogueSoftware,
  type CatalogueVersion,
} from '../types';

interface Project {
  project: string;
  versions: string[];
}
interface Version {
  project: string;
  version: string;
  builds: { all: string[]; latest: string };
}
interface Build {
  build: string;
  md5: string;
  result: 'SUCCESS' | 'FAILURE';
  timestamp: number;
  version: string;
}

/** Purpur from api.purpurmc.org/v2/purpur: versions, builds, and each build's MD5 (the only digest it publishes). */
export class PurpurProvider implements CatalogueProvider {
  readonly id = 'purpur';

  constructor(
    private readonly http: CatalogueHttp,
    private readonly base: string,
  ) {}

  software(): CatalogueSoftware[] {
    return [{ id: 'purpur', name: 'Purpur', kind: 'server', provider: this.id }];
  }

  async versions(): Promise<CatalogueVersion[]> {
    const project = await this.http.getJson<Project>(`${this.base}/v2/purpur`);
    return [...project.versions].sort((a, b) => compareVersions(b, a)).map((id) => ({ id, type: 'release', minecraft: id, javaMajor: javaForMinecraft(id), releasedAt: null }));
  }

  private async version(version: string): Promise<Version> {
    try {
      return await this.http.getJson<Version>(`${this.base}/v2/purpur/${encodeURIComponent(version)}`);
    } catch (error) {
      if (error instanceof HttpNotFound) throw new CatalogueNotFoundError('version', `Purpur has no version ${version}.`);
      throw error;
    }
  }

  async builds(_software: string, version: string): Promise<CatalogueBuild[]> {
    const { builds } = await this.version(version);
    return [...builds.all].reverse().map((id) => ({ id, channel: 'stable', time: null }));
  }

  async download(_software: string, version: string, build?: string): Promise<CatalogueDownload> {
    const { builds } = await this.version(version);
    const id = build ?? builds.latest;
    if (!builds.all.includes(id)) throw new CatalogueNotFoundError('build', `Purpur ${version} has no build ${id}.`);
    const info = await this.http.getJson<Build>(`${this.base}/v2/purpur/${encodeURIComponent(version)}/${id}`);
    if (info.result !== 'SUCCESS') throw new CatalogueNotFoundError('build', `Purpur ${version} build ${id} failed to build.`);
    return {
      software: 'purpur',
      version,
      build: id,
      kind: 'server-jar',
      url: `${this.base}/v2/purpur/${encodeURIComponent(version)}/${id}/download`,
      fileName: `purpur-${version}-${id}.jar`,
      size: null,
      checksum: { algorithm: 'md5', value: info.md5 },
      javaMajor: javaForMinecraft(version),
    };
  }
}
