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
  project_id: string;
  versions: string[];
}
interface Builds {
  version: string;
  builds: { build: number; time: string; channel: 'default' | 'experimental'; downloads: { application: { name: string; sha256: string } } }[];
}

const NAMES: Record<string, { name: string; kind: CatalogueSoftware['kind'] }> = {
  paper: { name: 'Paper', kind: 'server' },
  folia: { name: 'Folia', kind: 'server' },
  velocity: { name: 'Velocity', kind: 'proxy' },
};

/** Paper, Folia and Velocity from PaperMC's API v2 (api.papermc.io/v2/projects/...): builds with their SHA-256. */
export class PaperMcProvider implements CatalogueProvider {
  readonly id = 'papermc';

  constructor(
    private readonly http: CatalogueHttp,
    private readonly base: string,
  ) {}

  software(): CatalogueSoftware[] {
    return Object.entries(NAMES).map(([id, { name, kind }]) => ({ id, name, kind, provider: this.id }));
  }

  async versions(software: string): Promise<CatalogueVersion[]> {
    const project = await this.http.getJson<Project>(`${this.base}/v2/projects/${software}`);
    const proxy = NAMES[software]?.kind === 'proxy';
    return [...project.versions]
      .sort((a, b) => compareVersions(b, a))
      .map((id) => ({
        id,
        type: /pre|rc|snapshot|SNAPSHOT/.test(id) ? 'snapshot' : 'release',
        minecraft: proxy ? null : id,
        javaMajor: proxy ? 17 : javaForMinecraft(id),
        releasedAt: null,
      }));
  }

  private async rawBuilds(software: string, version: string): Promise<Builds> {
    try {
      return await this.http.getJson<Builds>(`${this.base}/v2/projects/${software}/versions/${encodeURIComponent(version)}/builds`);
    } catch (error) {
      if (error instanceof HttpNotFound) throw new CatalogueNotFoundError('version', `${NAMES[software]?.name ?? software} has no version ${version}.`);
      throw error;
    }
  }

  async builds(software: string, version: string): Promise<CatalogueBuild[]> {
    const { builds } = await this.rawBuilds(software, version);
    return builds.map((b) => ({ id: String(b.build), channel: b.channel === 'default' ? ('stable' as const) : ('experimental' as const), time: b.time })).reverse();
  }

  async download(software: string, version: string, build?: string): Promise<CatalogueDownload> {
    const { builds } = await this.rawBuilds(software, version);
    const chosen = build ? builds.find((b) => String(b.build) === build) : ([...builds].reverse().find((b) => b.channel === 'default') ?? builds[builds.length - 1]);
    if (!chosen) throw new CatalogueNotFoundError('build', `${NAMES[software]?.name ?? software} ${version} has no build ${build ?? ''}.`.trim());
    const app = chosen.downloads.application;
    return {
      software,
      version,
      build: String(chosen.build),
      kind: 'server-jar',
      url: `${this.base}/v2/projects/${software}/versions/${encodeURIComponent(version)}/builds/${chosen.build}/downloads/${encodeURIComponent(app.name)}`,
      fileName: app.name,
      size: null,
      checksum: { algorithm: 'sha256', value: app.sha256 },
      javaMajor: NAMES[software]?.kind === 'proxy' ? 17 : javaForMinecraft(version),
    };
  }
}
