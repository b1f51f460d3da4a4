import { HttpNotFound, type CatalogueHttp } from '../CatalogueHttp';
import { CatalogueNotFoundError } from '../types';

/**
 * CurseForge's API v1 (api.curseforge.com, needs an API key: PANEL_CURSEFORGE_API_KEY): Minecraft
 * mods (class 6) and Bukkit plugins (class 5), files with their SHA-1 and dependencies. Files
 * whose authors do not allow third-party downloads have no download address: only a link.
 */

export const MINECRAFT_GAME_ID = 432;

export interface CurseForgeMod {
  id: number;
  name: string;
  slug: string;
  summary: string;
  downloadCount: number;
  logo: { thumbnailUrl: string; url: string } | null;
  authors: { name: string }[];
  links: { websiteUrl: string | null };
  allowModDistribution: boolean | null;
}

export interface CurseForgeFile {
  id: number;
  modId: number;
  displayName: string;
  fileName: string;
  fileLength: number;
  fileDate: string;
  releaseType: number;
  downloadUrl: string | null;
  /** algo 1: SHA-1, 2: MD5. */
  hashes: { value: string; algo: number }[];
  /** relationType 3: required. */
  dependencies: { modId: number; relationType: number }[];
  gameVersions: string[];
}

export class CurseForgeClient {
  readonly id = 'curseforge';

  constructor(
    readonly http: CatalogueHttp,
    private readonly base: string,
  ) {}

  private async get<T>(path: string, notFound: string): Promise<T> {
    try {
      return await this.http.getJson<T>(`${this.base}/v1${path}`);
    } catch (error) {
      if (error instanceof HttpNotFound) throw new CatalogueNotFoundError('software', notFound);
      throw error;
    }
  }

  async search(q: { classId: number; query?: string; gameVersion?: string | null; loaderType?: number | null; offset?: number; limit?: number }): Promise<{ total: number; mods: CurseForgeMod[] }> {
    const params = new URLSearchParams({
      gameId: String(MINECRAFT_GAME_ID),
      classId: String(q.classId),
      sortField: '6',
      sortOrder: 'desc',
      index: String(q.offset ?? 0),
      pageSize: String(q.limit ?? 20),
    });
    if (q.query?.trim()) params.set('searchFilter', q.query.trim());
    if (q.gameVersion) params.set('gameVersion', q.gameVersion);
    if (q.loaderType) params.set('modLoaderType', String(q.loaderType));
    const answer = await this.get<{ data: CurseForgeMod[]; pagination: { totalCount: number } }>(`/mods/search?${params.toString()}`, 'CurseForge search failed.');
    return { total: answer.pagination.totalCount, mods: answer.data };
  }

  async mod(id: string | number): Promise<CurseForgeMod> {
    return (await this.get<{ data: CurseForgeMod }>(`/mods/${encodeURIComponent(String(id))}`, `CurseForge has no project ${id}.`)).data;
  }

  /** A project's files for a game version and loader, newest first. */
  async files(id: string | number, filter: { gameVersion?: string | null; loaderType?: number | null } = {}): Promise<CurseForgeFile[]> {
    const params = new URLSearchParams({ pageSize: '50' });
    if (filter.gameVersion) params.set('gameVersion', filter.gameVersion);
    if (filter.loaderType) params.set('modLoaderType', String(filter.loaderType));
    const answer = await this.get<{ data: CurseForgeFile[] }>(`/mods/${encodeURIComponent(String(id))}/files?${params.toString()}`, `CurseForge has no project ${id}.`);
    return [...answer.data].sort((a, b) => b.fileDate.localeCompare(a.fileDate));
  }

  async file(modId: string | number, fileId: string | number): Promise<CurseForgeFile> {
    return (await this.get<{ data: CurseForgeFile }>(`/mods/${encodeURIComponent(String(modId))}/files/${encodeURIComponent(String(fileId))}`, `CurseForge has no file ${fileId}.`)).data;
  }
}
