import { HttpNotFound, type CatalogueHttp } from '../CatalogueHttp';
import { CatalogueNotFoundError, DownloadRefusedError, type Checksum } from '../types';

/**
 * Modrinth's API v2 (api.modrinth.com/v2): search by project type, loader, game version and
 * category; projects; their versions with files (SHA-1 and SHA-512) and dependencies; and the
 * lookup of installed files by their hash. Shared by the extensions and modpacks areas. Every
 * request and download goes through the catalogue's HTTP client: cached answers, allowlisted
 * hosts, capped sizes, and files verified against their SHA-512 before they land.
 */

export type ModrinthProjectType = 'mod' | 'plugin' | 'modpack' | 'resourcepack' | 'shader' | 'datapack';

export interface ModrinthSearchQuery {
  projectType: 'mod' | 'plugin' | 'modpack';
  query?: string;
  /** Loaders any of which the project supports (fabric, forge, neoforge, quilt, paper, spigot, bukkit, folia, purpur ...). */
  loaders?: string[];
  /** Game versions any of which the project supports. */
  gameVersions?: string[];
  /** Categories all of which the project has (utility, optimization ...). */
  categories?: string[];
  /** Only projects that run on the server side (client-only mods are left out). */
  serverSide?: boolean;
  sort?: 'relevance' | 'downloads' | 'follows' | 'newest' | 'updated';
  offset?: number;
  limit?: number;
}

export interface ModrinthSearchHit {
  id: string;
  slug: string;
  projectType: ModrinthProjectType;
  title: string;
  description: string;
  author: string;
  iconUrl: string | null;
  downloads: number;
  follows: number;
  /** Categories and loaders as Modrinth lists them together. */
  categories: string[];
  gameVersions: string[];
  latestVersion: string | null;
  serverSide: string;
  clientSide: string;
  dateModified: string | null;
}

export interface ModrinthSearchResult {
  hits: ModrinthSearchHit[];
  offset: number;
  limit: number;
  total: number;
}

export interface ModrinthProject {
  id: string;
  slug: string;
  projectType: ModrinthProjectType;
  title: string;
  description: string;
  /** The project page's text (Markdown). */
  body: string;
  iconUrl: string | null;
  downloads: number;
  followers: number;
  categories: string[];
  loaders: string[];
  gameVersions: string[];
  /** Version ids, oldest first. */
  versions: string[];
  serverSide: string;
  clientSide: string;
  license: string | null;
  sourceUrl: string | null;
  issuesUrl: string | null;
  wikiUrl: string | null;
  updated: string | null;
}

export interface ModrinthFile {
  url: string;
  filename: string;
  size: number;
  primary: boolean;
  hashes: { sha1: string; sha512: string };
  /** Modrinth marks extra files (required-resource-pack, sources-jar ...); null for the main kind. */
  fileType: string | null;
}

export interface ModrinthDependency {
  projectId: string | null;
  versionId: string | null;
  fileName: string | null;
  type: 'required' | 'optional' | 'incompatible' | 'embedded';
}

export interface ModrinthVersion {
  id: string;
  projectId: string;
  name: string;
  versionNumber: string;
  versionType: 'release' | 'beta' | 'alpha';
  loaders: string[];
  gameVersions: string[];
  datePublished: string;
  downloads: number;
  changelog: string | null;
  files: ModrinthFile[];
  dependencies: ModrinthDependency[];
}

interface RawHit {
  project_id: string;
  slug: string;
  project_type: ModrinthProjectType;
  title: string;
  description: string;
  author: string;
  icon_url?: string | null;
  downloads: number;
  follows: number;
  categories?: string[];
  display_categories?: string[];
  versions?: string[];
  latest_version?: string | null;
  server_side?: string;
  client_side?: string;
  date_modified?: string | null;
}
interface RawProject {
  id: string;
  slug: string;
  project_type: ModrinthProjectType;
  title: string;
  description: string;
  body?: string;
  icon_url?: string | null;
  downloads: number;
  followers: number;
  categories?: string[];
  additional_categories?: string[];
  loaders?: string[];
  game_versions?: string[];
  versions?: string[];
  server_side?: string;
  client_side?: string;
  license?: { id?: string; name?: string } | null;
  source_url?: string | null;
  issues_url?: string | null;
  wiki_url?: string | null;
  updated?: string | null;
}
interface RawVersion {
  id: string;
  project_id: string;
  name: string;
  version_number: string;
  version_type: 'release' | 'beta' | 'alpha';
  loaders?: string[];
  game_versions?: string[];
  date_published: string;
  downloads: number;
  changelog?: string | null;
  files: { url: string; filename: string; size: number; primary: boolean; hashes: { sha1: string; sha512: string }; file_type?: string | null }[];
  dependencies?: { project_id?: string | null; version_id?: string | null; file_name?: string | null; dependency_type: ModrinthDependency['type'] }[];
}

const hit = (h: RawHit): ModrinthSearchHit => ({
  id: h.project_id,
  slug: h.slug,
  projectType: h.project_type,
  title: h.title,
  description: h.description,
  author: h.author,
  iconUrl: h.icon_url || null,
  downloads: h.downloads,
  follows: h.follows,
  categories: h.categories ?? [],
  gameVersions: h.versions ?? [],
  latestVersion: h.latest_version ?? null,
  serverSide: h.server_side ?? 'unknown',
  clientSide: h.client_side ?? 'unknown',
  dateModified: h.date_modified ?? null,
});

const project = (p: RawProject): ModrinthProject => ({
  id: p.id,
  slug: p.slug,
  projectType: p.project_type,
  title: p.title,
  description: p.description,
  body: p.body ?? '',
  iconUrl: p.icon_url || null,
  downloads: p.downloads,
  followers: p.followers,
  categories: [...(p.categories ?? []), ...(p.additional_categories ?? [])],
  loaders: p.loaders ?? [],
  gameVersions: p.game_versions ?? [],
  versions: p.versions ?? [],
  serverSide: p.server_side ?? 'unknown',
  clientSide: p.client_side ?? 'unknown',
  license: p.license?.id ?? p.license?.name ?? null,
  sourceUrl: p.source_url ?? null,
  issuesUrl: p.issues_url ?? null,
  wikiUrl: p.wiki_url ?? null,
  updated: p.updated ?? null,
});

const version = (v: RawVersion): ModrinthVersion => ({
  id: v.id,
  projectId: v.project_id,
  name: v.name,
  versionNumber: v.version_number,
  versionType: v.version_type,
  loaders: v.loaders ?? [],
  gameVersions: v.game_versions ?? [],
  datePublished: v.date_published,
  downloads: v.downloads,
  changelog: v.changelog ?? null,
  files: v.files.map((f) => ({ url: f.url, filename: f.filename, size: f.size, primary: f.primary, hashes: f.hashes, fileType: f.file_type ?? null })),
  dependencies: (v.dependencies ?? []).map((d) => ({ projectId: d.project_id ?? null, versionId: d.version_id ?? null, fileName: d.file_name ?? null, type: d.dependency_type })),
});

/** A version's main file: the one marked primary, else the first. */
export function primaryFile(v: ModrinthVersion): ModrinthFile | null {
  return v.files.find((f) => f.primary) ?? v.files[0] ?? null;
}

const SORT_INDEX: Record<NonNullable<ModrinthSearchQuery['sort']>, string> = { relevance: 'relevance', downloads: 'downloads', follows: 'follows', newest: 'newest', updated: 'updated' };

export class ModrinthClient {
  readonly id = 'modrinth';

  constructor(
    readonly http: CatalogueHttp,
    private readonly base: string,
  ) {}

  private url(path: string, params: Record<string, string | undefined> = {}): string {
    const query = Object.entries(params)
      .filter((e): e is [string, string] => e[1] !== undefined)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('&');
    return `${this.base}/v2${path}${query ? `?${query}` : ''}`;
  }

  private async get<T>(path: string, params: Record<string, string | undefined> = {}, notFound?: () => Error): Promise<T> {
    try {
      return await this.http.getJson<T>(this.url(path, params));
    } catch (error) {
      if (error instanceof HttpNotFound && notFound) throw notFound();
      throw error;
    }
  }

  /** Projects of one type filtered by loaders, game versions and categories (facets: any loader, any version, every category). */
  async search(q: ModrinthSearchQuery): Promise<ModrinthSearchResult> {
    const facets: string[][] = [[`project_type:${q.projectType}`]];
    if (q.loaders?.length) facets.push(q.loaders.map((l) => `categories:${l}`));
    if (q.gameVersions?.length) facets.push(q.gameVersions.map((v) => `versions:${v}`));
    for (const c of q.categories ?? []) facets.push([`categories:${c}`]);
    if (q.serverSide) facets.push(['server_side:required', 'server_side:optional']);
    const limit = Math.min(Math.max(q.limit ?? 20, 1), 100);
    const offset = Math.max(q.offset ?? 0, 0);
    const raw = await this.get<{ hits: RawHit[]; offset: number; limit: number; total_hits: number }>('/search', {
      query: q.query?.trim() || undefined,
      facets: JSON.stringify(facets),
      index: q.sort ? SORT_INDEX[q.sort] : undefined,
      offset: String(offset),
      limit: String(limit),
    });
    return { hits: raw.hits.map(hit), offset: raw.offset, limit: raw.limit, total: raw.total_hits };
  }

  /** A project by id or slug. */
  async project(idOrSlug: string): Promise<ModrinthProject> {
    return project(await this.get<RawProject>(`/project/${encodeURIComponent(idOrSlug)}`, {}, () => new CatalogueNotFoundError('software', `Modrinth has no project "${idOrSlug}".`)));
  }

  /** Several projects by id (one request). */
  async projects(ids: string[]): Promise<ModrinthProject[]> {
    if (ids.length === 0) return [];
    return (await this.get<RawProject[]>('/projects', { ids: JSON.stringify([...new Set(ids)].sort()) })).map(project);
  }

  /** A project's versions, newest first, optionally only those for these loaders and game versions. */
  async projectVersions(idOrSlug: string, filter: { loaders?: string[]; gameVersions?: string[] } = {}): Promise<ModrinthVersion[]> {
    const raw = await this.get<RawVersion[]>(
      `/project/${encodeURIComponent(idOrSlug)}/version`,
      {
        loaders: filter.loaders?.length ? JSON.stringify(filter.loaders) : undefined,
        game_versions: filter.gameVersions?.length ? JSON.stringify(filter.gameVersions) : undefined,
      },
      () => new CatalogueNotFoundError('software', `Modrinth has no project "${idOrSlug}".`),
    );
    return raw.map(version).sort((a, b) => b.datePublished.localeCompare(a.datePublished));
  }

  async version(id: string): Promise<ModrinthVersion> {
    return version(await this.get<RawVersion>(`/version/${encodeURIComponent(id)}`, {}, () => new CatalogueNotFoundError('version', `Modrinth has no version "${id}".`)));
  }

  /** The versions installed files belong to, by their SHA-512 or SHA-1 (files Modrinth does not know are absent from the answer). */
  async versionFilesByHashes(hashes: string[], algorithm: 'sha512' | 'sha1' = hashes[0]?.length === 40 ? 'sha1' : 'sha512'): Promise<Record<string, ModrinthVersion>> {
    if (hashes.length === 0) return {};
    const raw = await this.http.postJson<Record<string, RawVersion>>(this.url('/version_files'), { hashes: [...new Set(hashes)].sort(), algorithm });
    return Object.fromEntries(Object.entries(raw).map(([h, v]) => [h, version(v)]));
  }

  /** For installed files (by hash): the newest version of each one's project for these loaders and game versions. */
  async latestVersionsByHashes(hashes: string[], filter: { loaders?: string[]; gameVersions?: string[] } = {}, algorithm: 'sha512' | 'sha1' = 'sha512'): Promise<Record<string, ModrinthVersion>> {
    if (hashes.length === 0) return {};
    const body: Record<string, unknown> = { hashes: [...new Set(hashes)].sort(), algorithm };
    if (filter.loaders?.length) body.loaders = filter.loaders;
    if (filter.gameVersions?.length) body.game_versions = filter.gameVersions;
    const raw = await this.http.postJson<Record<string, RawVersion>>(this.url('/version_files/update'), body);
    return Object.fromEntries(Object.entries(raw).map(([h, v]) => [h, version(v)]));
  }

  /** The checksum a file must match: its SHA-512. */
  checksumOf(file: ModrinthFile): Checksum {
    return { algorithm: 'sha512', value: file.hashes.sha512 };
  }

  /**
   * Downloads a version's file to `target` through the allowlisted, size-capped client; it lands
   * only when its SHA-512 matches (a refused download leaves nothing behind).
   */
  async download(file: ModrinthFile, target: string, onProgress?: (done: number, total: number | null) => void): Promise<{ bytes: number; sha512: string }> {
    if (!file.hashes?.sha512) throw new DownloadRefusedError(`${file.filename} has no SHA-512 to verify; the download was refused.`);
    const { bytes, digest } = await this.http.download(file.url, target, this.checksumOf(file), onProgress);
    return { bytes, sha512: digest! };
  }
}
