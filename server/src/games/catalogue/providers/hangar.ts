import { HttpNotFound, type CatalogueHttp } from '../CatalogueHttp';
import { CatalogueNotFoundError } from '../types';

/** Hangar (hangar.papermc.io/api/v1): Paper and Velocity plugins, versions per platform with their SHA-256. */

export type HangarPlatform = 'PAPER' | 'WATERFALL' | 'VELOCITY';

export interface HangarProject {
  name: string;
  namespace: { owner: string; slug: string };
  description: string;
  avatarUrl: string | null;
  category: string;
  lastUpdated: string | null;
  stats: { downloads: number; stars: number };
  supportedPlatforms: Partial<Record<HangarPlatform, string[]>>;
}

export interface HangarDownload {
  fileInfo: { name: string; sizeBytes: number; sha256Hash: string } | null;
  externalUrl: string | null;
  downloadUrl: string | null;
}

export interface HangarVersion {
  name: string;
  createdAt: string;
  channel: { name: string };
  description?: string;
  downloads: Partial<Record<HangarPlatform, HangarDownload>>;
  pluginDependencies: Partial<Record<HangarPlatform, { name: string; required: boolean; externalUrl: string | null }[]>>;
  platformDependencies: Partial<Record<HangarPlatform, string[]>>;
}

interface Page<T> {
  pagination: { count: number; limit: number; offset: number };
  result: T[];
}

export class HangarClient {
  readonly id = 'hangar';

  constructor(
    readonly http: CatalogueHttp,
    private readonly base: string,
  ) {}

  private url(path: string, params: Record<string, string | undefined>): string {
    const query = Object.entries(params)
      .filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '')
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('&');
    return `${this.base}/api/v1${path}${query ? `?${query}` : ''}`;
  }

  async search(q: { query?: string; platform: HangarPlatform; gameVersion?: string | null; offset?: number; limit?: number }): Promise<{ total: number; projects: HangarProject[] }> {
    const page = await this.http.getJson<Page<HangarProject>>(
      this.url('/projects', { q: q.query?.trim(), platform: q.platform, version: q.gameVersion ?? undefined, sort: '-downloads', offset: String(q.offset ?? 0), limit: String(q.limit ?? 20) }),
    );
    return { total: page.pagination.count, projects: page.result };
  }

  async project(slug: string): Promise<HangarProject> {
    try {
      return await this.http.getJson<HangarProject>(this.url(`/projects/${encodeURIComponent(slug)}`, {}));
    } catch (error) {
      if (error instanceof HttpNotFound) throw new CatalogueNotFoundError('software', `Hangar has no project "${slug}".`);
      throw error;
    }
  }

  /** A project's versions for a platform (and game version), newest first. */
  async versions(slug: string, filter: { platform: HangarPlatform; gameVersion?: string | null }): Promise<HangarVersion[]> {
    try {
      const page = await this.http.getJson<Page<HangarVersion>>(
        this.url(`/projects/${encodeURIComponent(slug)}/versions`, { platform: filter.platform, platformVersion: filter.gameVersion ?? undefined }),
      );
      return [...page.result].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    } catch (error) {
      if (error instanceof HttpNotFound) throw new CatalogueNotFoundError('software', `Hangar has no project "${slug}".`);
      throw error;
    }
  }
}
