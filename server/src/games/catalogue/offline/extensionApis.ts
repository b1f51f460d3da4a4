/**
 * The query side of the plugin and mod catalogues for the local catalogue server: Modrinth's
 * search facets, version filters and hash lookups, Hangar's and SpiGet's searches, answered from
 * the recorded projects and versions the way the live APIs answer them (filters, paging, lookups
 * by hash). The recordings themselves are the APIs' own answers (see recordings/modrinth ...).
 */

/** Reads a rendered recording (placeholders filled) as JSON; null when there is none. */
export type ReadRecording = (path: string) => unknown;
/** Names of the recordings in a folder (without ".json"). */
export type ListRecordings = (folder: string) => string[];

interface RawVersion {
  id: string;
  project_id: string;
  loaders: string[];
  game_versions: string[];
  date_published: string;
  files: { hashes: { sha1: string; sha512: string } }[];
}
interface RawHit {
  project_id: string;
  slug: string;
  project_type: string;
  title: string;
  description: string;
  categories: string[];
  versions: string[];
  server_side?: string;
  downloads: number;
  follows: number;
  date_modified?: string;
  date_created?: string;
}

const json = (value: string | null): unknown => {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
};

function modrinthProjects(read: ReadRecording, list: ListRecordings): Record<string, unknown>[] {
  return list('modrinth/v2/project')
    .map((name) => read(`modrinth/v2/project/${name}.json`) as Record<string, unknown> | null)
    .filter((p): p is Record<string, unknown> => p !== null);
}

function modrinthVersions(read: ReadRecording, list: ListRecordings): RawVersion[] {
  return modrinthProjects(read, list).flatMap((p) => (read(`modrinth/v2/project/${String(p.id)}/version.json`) as RawVersion[] | null) ?? []);
}

function matchesFacet(hit: RawHit, facet: string): boolean {
  const [key, ...rest] = facet.split(':');
  const value = rest.join(':');
  if (key === 'project_type') return hit.project_type === value;
  if (key === 'categories') return hit.categories.includes(value);
  if (key === 'versions') return hit.versions.includes(value);
  if (key === 'server_side') return hit.server_side === value;
  if (key === 'project_id') return hit.project_id === value;
  return true;
}

function modrinth(method: string, path: string, params: URLSearchParams, body: unknown, read: ReadRecording, list: ListRecordings): unknown {
  if (method === 'GET' && path === 'modrinth/v2/search') {
    const all = read('modrinth/v2/search.json') as { hits: RawHit[] } | null;
    if (!all) return undefined;
    const facets = (json(params.get('facets')) as string[][] | null) ?? [];
    const words = (params.get('query') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const index = params.get('index') ?? 'relevance';
    let hits = all.hits.filter((h) => facets.every((any) => any.some((f) => matchesFacet(h, f))));
    hits = hits.filter((h) => words.every((w) => `${h.title} ${h.slug} ${h.description}`.toLowerCase().includes(w)));
    if (index === 'downloads' || index === 'relevance') hits = [...hits].sort((a, b) => b.downloads - a.downloads);
    else if (index === 'follows') hits = [...hits].sort((a, b) => b.follows - a.follows);
    else if (index === 'updated') hits = [...hits].sort((a, b) => (b.date_modified ?? '').localeCompare(a.date_modified ?? ''));
    else if (index === 'newest') hits = [...hits].sort((a, b) => (b.date_created ?? '').localeCompare(a.date_created ?? ''));
    const offset = Number(params.get('offset') ?? 0) || 0;
    const limit = Number(params.get('limit') ?? 10) || 10;
    return { hits: hits.slice(offset, offset + limit), offset, limit, total_hits: hits.length };
  }
  if (method === 'GET' && path === 'modrinth/v2/projects') {
    const ids = (json(params.get('ids')) as string[] | null) ?? [];
    return modrinthProjects(read, list).filter((p) => ids.includes(String(p.id)) || ids.includes(String(p.slug)));
  }
  const projectMatch = /^modrinth\/v2\/project\/([^/]+)(\/version)?$/.exec(path);
  if (method === 'GET' && projectMatch) {
    const project = modrinthProjects(read, list).find((p) => p.id === projectMatch[1] || p.slug === projectMatch[1]);
    if (!project) return null;
    if (!projectMatch[2]) return project;
    const loaders = json(params.get('loaders')) as string[] | null;
    const gameVersions = json(params.get('game_versions')) as string[] | null;
    const versions = (read(`modrinth/v2/project/${String(project.id)}/version.json`) as RawVersion[] | null) ?? [];
    return versions.filter((v) => (!loaders?.length || v.loaders.some((l) => loaders.includes(l))) && (!gameVersions?.length || v.game_versions.some((g) => gameVersions.includes(g))));
  }
  const versionMatch = /^modrinth\/v2\/version\/([^/]+)$/.exec(path);
  if (method === 'GET' && versionMatch) return modrinthVersions(read, list).find((v) => v.id === versionMatch[1]) ?? null;
  if (method === 'POST' && (path === 'modrinth/v2/version_files' || path === 'modrinth/v2/version_files/update')) {
    const {
      hashes = [],
      algorithm = 'sha1',
      loaders,
      game_versions: gameVersions,
    } = (body ?? {}) as { hashes?: string[]; algorithm?: 'sha1' | 'sha512'; loaders?: string[]; game_versions?: string[] };
    const versions = modrinthVersions(read, list);
    const out: Record<string, RawVersion> = {};
    for (const hash of hashes) {
      const owner = versions.find((v) => v.files.some((f) => f.hashes[algorithm] === hash.toLowerCase()));
      if (!owner) continue;
      if (path.endsWith('/update')) {
        const newest = versions
          .filter((v) => v.project_id === owner.project_id)
          .filter((v) => (!loaders?.length || v.loaders.some((l) => loaders.includes(l))) && (!gameVersions?.length || v.game_versions.some((g) => gameVersions.includes(g))))
          .sort((a, b) => b.date_published.localeCompare(a.date_published))[0];
        if (newest) out[hash] = newest;
      } else out[hash] = owner;
    }
    return out;
  }
  return undefined;
}

interface HangarProject {
  name: string;
  namespace: { owner: string; slug: string };
  description: string;
  stats: { downloads: number; stars: number };
  supportedPlatforms: Record<string, string[]>;
}

function hangar(method: string, path: string, params: URLSearchParams, read: ReadRecording): unknown {
  if (method !== 'GET') return undefined;
  if (path === 'hangar/api/v1/projects') {
    const all = read('hangar/api/v1/projects.json') as { result: HangarProject[] } | null;
    if (!all) return undefined;
    const q = (params.get('q') ?? params.get('query') ?? '').toLowerCase();
    const platform = params.get('platform');
    const version = params.get('version');
    const result = all.result.filter(
      (p) =>
        (!q || `${p.name} ${p.description}`.toLowerCase().includes(q)) &&
        (!platform || platform in p.supportedPlatforms) &&
        (!version || Object.values(p.supportedPlatforms).some((vs) => vs.includes(version))),
    );
    const offset = Number(params.get('offset') ?? 0) || 0;
    const limit = Number(params.get('limit') ?? 25) || 25;
    return { pagination: { limit, offset, count: result.length }, result: result.slice(offset, offset + limit) };
  }
  const versions = /^hangar\/api\/v1\/projects\/([^/]+)\/versions$/.exec(path);
  if (versions) {
    const all = read(`hangar/api/v1/projects/${versions[1]}/versions.json`) as { result: { platformDependencies: Record<string, string[]> }[] } | null;
    if (!all) return null;
    const platform = params.get('platform');
    const version = params.get('platformVersion');
    const result = all.result.filter((v) => (!platform || platform in v.platformDependencies) && (!version || Object.values(v.platformDependencies).some((vs) => vs.includes(version))));
    return { pagination: { limit: 25, offset: 0, count: result.length }, result };
  }
  const project = /^hangar\/api\/v1\/projects\/([^/]+)$/.exec(path);
  if (project) {
    const all = read('hangar/api/v1/projects.json') as { result: HangarProject[] } | null;
    return all?.result.find((p) => p.namespace.slug.toLowerCase() === project[1].toLowerCase()) ?? null;
  }
  return undefined;
}

interface SpigetResource {
  id: number;
  name: string;
  tag: string;
  downloads: number;
}

function spiget(method: string, path: string, params: URLSearchParams, read: ReadRecording): unknown {
  if (method !== 'GET') return undefined;
  const all = () => (read('spiget/v2/resources.json') as SpigetResource[] | null) ?? [];
  const page = (list: SpigetResource[]) => {
    const size = Number(params.get('size') ?? 10) || 10;
    const number = Number(params.get('page') ?? 1) || 1;
    return list.sort((a, b) => b.downloads - a.downloads).slice((number - 1) * size, number * size);
  };
  const search = /^spiget\/v2\/search\/resources\/(.+)$/.exec(path);
  if (search) {
    const q = search[1].toLowerCase();
    return page(all().filter((r) => `${r.name} ${r.tag}`.toLowerCase().includes(q)));
  }
  if (path === 'spiget/v2/resources') return page(all());
  const one = /^spiget\/v2\/resources\/(\d+)$/.exec(path);
  if (one) return all().find((r) => String(r.id) === one[1]) ?? null;
  return undefined;
}

interface CurseForgeMod {
  id: number;
  name: string;
  classId: number;
  downloadCount: number;
  summary: string;
}
interface CurseForgeFile {
  id: number;
  gameVersions: string[];
}
/** CurseForge's loader types as they appear among a file's game versions. */
const CURSEFORGE_LOADERS: Record<string, string> = { '1': 'Forge', '4': 'Fabric', '5': 'Quilt', '6': 'NeoForge' };

function curseforge(method: string, path: string, params: URLSearchParams, read: ReadRecording, list: ListRecordings): unknown {
  if (method !== 'GET') return undefined;
  const mods = () => list('curseforge/v1/mods').map((id) => (read(`curseforge/v1/mods/${id}.json`) as { data: CurseForgeMod }).data);
  const fits = (f: CurseForgeFile) =>
    (!params.get('gameVersion') || f.gameVersions.includes(params.get('gameVersion')!)) &&
    (!params.get('modLoaderType') || f.gameVersions.includes(CURSEFORGE_LOADERS[params.get('modLoaderType')!] ?? '?'));
  if (path === 'curseforge/v1/mods/search') {
    const q = (params.get('searchFilter') ?? '').toLowerCase();
    const classId = params.get('classId');
    const found = mods()
      .filter((m) => (!classId || String(m.classId) === classId) && (!q || `${m.name} ${m.summary}`.toLowerCase().includes(q)))
      .filter((m) => ((read(`curseforge/v1/mods/${m.id}/files.json`) as { data: CurseForgeFile[] } | null)?.data ?? []).some(fits))
      .sort((a, b) => b.downloadCount - a.downloadCount);
    const index = Number(params.get('index') ?? 0) || 0;
    const pageSize = Number(params.get('pageSize') ?? 50) || 50;
    const data = found.slice(index, index + pageSize);
    return { data, pagination: { index, pageSize, resultCount: data.length, totalCount: found.length } };
  }
  const files = /^curseforge\/v1\/mods\/(\d+)\/files(?:\/(\d+))?$/.exec(path);
  if (files) {
    const all = (read(`curseforge/v1/mods/${files[1]}/files.json`) as { data: CurseForgeFile[] } | null)?.data;
    if (!all) return null;
    if (files[2]) {
      const one = all.find((f) => String(f.id) === files[2]);
      return one ? { data: one } : null;
    }
    const data = all.filter(fits);
    return { data, pagination: { index: 0, pageSize: 50, resultCount: data.length, totalCount: data.length } };
  }
  return undefined;
}

/**
 * The answer of a plugin or mod catalogue to a query the recordings hold no single file for:
 * `undefined` when the request is not one of these (the recorded file is served), null for 404.
 */
export function answerExtensionApi(method: string, path: string, params: URLSearchParams, body: unknown, read: ReadRecording, list: ListRecordings): unknown {
  if (path.startsWith('modrinth/')) return modrinth(method, path, params, body, read, list);
  if (path.startsWith('hangar/')) return hangar(method, path, params, read);
  if (path.startsWith('spiget/')) return spiget(method, path, params, read);
  if (path.startsWith('curseforge/')) return curseforge(method, path, params, read, list);
  return undefined;
}
