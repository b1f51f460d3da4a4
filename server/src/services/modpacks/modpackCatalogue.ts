import { promises as fs } from 'node:fs';
import type { ServerModpackRow } from '../../db/schema';
import type { Catalogue } from '../../games/catalogue/Catalogue';
import { primaryFile, type ModrinthVersion } from '../../games/catalogue/providers/modrinth';
import { CatalogueUnavailableError, DownloadRefusedError } from '../../games/catalogue/types';
import { ValidationError } from '../../lib/errors';
import type { ModpackSearchJson, ModpackSearchQuery, ModpacksOverviewJson, ModpackVersionsJson } from '../../schemas/modpacks';
import { catalogueError } from '../versions/catalogueError';
import type { PackOrigin } from './ModpackInstaller';

const versionJson = (v: ModrinthVersion) => {
  const file = primaryFile(v);
  return {
    id: v.id,
    name: v.name,
    version_number: v.versionNumber,
    version_type: v.versionType,
    game_versions: v.gameVersions,
    loaders: v.loaders,
    published_at: v.datePublished,
    downloads: v.downloads,
    changelog: v.changelog,
    file: file ? { name: file.filename, size: file.size } : null,
  };
};

/** The newest release of the installed Modrinth pack when it is not the installed version (null when up to date or unknown). */
export async function modpackUpdate(catalogue: Catalogue, row: ServerModpackRow | null): Promise<ModpacksOverviewJson['update']> {
  if (row?.source !== 'modrinth' || !row.projectId) return null;
  try {
    const versions = await catalogue.modrinth.projectVersions(row.projectId);
    const installed = versions.find((v) => v.id === row.versionId);
    const newest = versions.find((v) => v.versionType === 'release' && v.files.some((f) => f.filename.endsWith('.mrpack')));
    if (!newest || newest.id === row.versionId || (installed && newest.datePublished <= installed.datePublished)) return null;
    return { version_id: newest.id, version_number: newest.versionNumber, name: newest.name, published_at: newest.datePublished };
  } catch {
    // The catalogue cannot say now: no update is offered, the rest of the page works.
    return null;
  }
}

/** Where modpacks can be browsed: Modrinth; CurseForge's format and FTB's catalogue are not supported yet (listed with the reason). */
function packSources(): ModpackSearchJson['sources'] {
  return [
    { id: 'modrinth', name: 'Modrinth', available: true, reason: null },
    { id: 'curseforge', name: 'CurseForge', available: false, reason: 'CurseForge modpacks come in their own format (manifest.json), which this panel does not install yet.' },
    { id: 'ftb', name: 'Feed The Beast', available: false, reason: 'FTB packs are not in the catalogue yet.' },
  ];
}

/** Modrinth modpacks matching the query (and the sources that could be browsed). Catalogue down → 502 with the reason. */
export async function searchModpacks(catalogue: Catalogue, query: ModpackSearchQuery): Promise<ModpackSearchJson> {
  try {
    const result = await catalogue.modrinth.search({
      projectType: 'modpack',
      query: query.query,
      loaders: query.loader ? [query.loader] : undefined,
      gameVersions: query.game_version ? [query.game_version] : undefined,
      sort: query.sort,
      offset: query.offset,
      limit: query.limit ?? 20,
    });
    return {
      sources: packSources(),
      total: result.total,
      offset: result.offset,
      hits: result.hits.map((h) => ({
        id: h.id,
        slug: h.slug,
        title: h.title,
        description: h.description,
        author: h.author,
        icon_url: h.iconUrl,
        downloads: h.downloads,
        categories: h.categories,
        game_versions: h.gameVersions,
        latest_version: h.latestVersion,
        server_side: h.serverSide,
        updated_at: h.dateModified,
      })),
    };
  } catch (error) {
    return catalogueError(error);
  }
}

/** A Modrinth modpack's versions, newest first (those with an .mrpack file). Unknown project → 404. */
export async function modpackVersions(catalogue: Catalogue, projectId: string): Promise<ModpackVersionsJson> {
  try {
    const [project, versions] = await Promise.all([catalogue.modrinth.project(projectId), catalogue.modrinth.projectVersions(projectId)]);
    if (project.projectType !== 'modpack') throw new ValidationError({ project_id: [`${project.title} is not a modpack.`] });
    return {
      project: { id: project.id, slug: project.slug, title: project.title, description: project.description, icon_url: project.iconUrl, downloads: project.downloads },
      versions: versions.filter((v) => v.files.some((f) => f.filename.endsWith('.mrpack'))).map(versionJson),
    };
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    return catalogueError(error);
  }
}

/** Downloads a Modrinth modpack version's .mrpack (SHA-512 verified) to a file of the panel's own, `packFile()`. */
export async function fetchModrinthPack(catalogue: Catalogue, projectId: string, versionId: string, packFile: () => Promise<string>): Promise<{ packFile: string; origin: PackOrigin }> {
  try {
    const [project, version] = await Promise.all([catalogue.modrinth.project(projectId), catalogue.modrinth.version(versionId)]);
    if (project.projectType !== 'modpack') throw new ValidationError({ project_id: [`${project.title} is not a modpack.`] });
    if (version.projectId !== project.id) throw new ValidationError({ version_id: [`${versionId} is not a version of ${project.title}.`] });
    const file = version.files.find((f) => f.primary && f.filename.endsWith('.mrpack')) ?? version.files.find((f) => f.filename.endsWith('.mrpack'));
    if (!file) throw new ValidationError({ version_id: [`${project.title} ${version.versionNumber} has no .mrpack file.`] });
    const target = await packFile();
    try {
      await catalogue.modrinth.download(file, target);
    } catch (error) {
      await fs.rm(target, { force: true });
      throw error;
    }
    return { packFile: target, origin: { source: 'modrinth' as const, projectId: project.id, versionId: version.id, iconUrl: project.iconUrl } };
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    if (error instanceof CatalogueUnavailableError) return catalogueError(error);
    if (error instanceof DownloadRefusedError) throw new ValidationError({ version_id: [error.message] });
    return catalogueError(error);
  }
}
