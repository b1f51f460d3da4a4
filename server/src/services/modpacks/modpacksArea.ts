import { promises as fs } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ServerModpackRow, ServerRow } from '../../db/schema';
import { primaryFile, type ModrinthVersion } from '../../games/catalogue/providers/modrinth';
import { CatalogueUnavailableError, DownloadRefusedError } from '../../games/catalogue/types';
import { ValidationError } from '../../lib/errors';
import { catalogueError } from '../versions/versionsArea';
import { loadServerContext } from '../servers/loadServerContext';
import type { ModpackInstallBody, ModpackSearchJson, ModpackSearchQuery, ModpacksOverviewJson, ModpackVersionsJson } from '../../schemas/modpacks';
import type { Actor } from '../audit/audit';
import { templateSoftware } from '../versions/currentSoftware';
import type { PackOrigin } from './ModpackInstaller';

/** Whether the server's template runs modded Java servers (Fabric, Forge, NeoForge). */
export async function runsModpacks(app: FastifyInstance, server: ServerRow): Promise<boolean> {
  const { template } = await loadServerContext(app.db, server);
  return templateSoftware(template).includes('fabric');
}

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
async function updateOf(app: FastifyInstance, row: ServerModpackRow | null): Promise<ModpacksOverviewJson['update']> {
  if (row?.source !== 'modrinth' || !row.projectId) return null;
  try {
    const versions = await app.catalogue.modrinth.projectVersions(row.projectId);
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
function sources(): ModpackSearchJson['sources'] {
  return [
    { id: 'modrinth', name: 'Modrinth', available: true, reason: null },
    { id: 'curseforge', name: 'CurseForge', available: false, reason: 'CurseForge modpacks come in their own format (manifest.json), which this panel does not install yet.' },
    { id: 'ftb', name: 'Feed The Beast', available: false, reason: 'FTB packs are not in the catalogue yet.' },
  ];
}

/** Modrinth modpacks matching the query (and the sources that could be browsed). Catalogue down → 502 with the reason. */
export async function searchModpacks(app: FastifyInstance, query: ModpackSearchQuery): Promise<ModpackSearchJson> {
  try {
    const result = await app.catalogue.modrinth.search({
      projectType: 'modpack',
      query: query.query,
      loaders: query.loader ? [query.loader] : undefined,
      gameVersions: query.game_version ? [query.game_version] : undefined,
      sort: query.sort,
      offset: query.offset,
      limit: query.limit ?? 20,
    });
    return {
      sources: sources(),
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
export async function modpackVersions(app: FastifyInstance, projectId: string): Promise<ModpackVersionsJson> {
  try {
    const [project, versions] = await Promise.all([app.catalogue.modrinth.project(projectId), app.catalogue.modrinth.projectVersions(projectId)]);
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

/** Downloads a Modrinth modpack version's .mrpack (SHA-512 verified) to a file of the panel's own. */
async function fetchModrinthPack(app: FastifyInstance, server: ServerRow, projectId: string, versionId: string) {
  try {
    const [project, version] = await Promise.all([app.catalogue.modrinth.project(projectId), app.catalogue.modrinth.version(versionId)]);
    if (project.projectType !== 'modpack') throw new ValidationError({ project_id: [`${project.title} is not a modpack.`] });
    if (version.projectId !== project.id) throw new ValidationError({ version_id: [`${versionId} is not a version of ${project.title}.`] });
    const file = version.files.find((f) => f.primary && f.filename.endsWith('.mrpack')) ?? version.files.find((f) => f.filename.endsWith('.mrpack'));
    if (!file) throw new ValidationError({ version_id: [`${project.title} ${version.versionNumber} has no .mrpack file.`] });
    const target = await app.modpacks.packFile(server);
    try {
      await app.catalogue.modrinth.download(file, target);
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

/** The installed modpack, the update on offer and the install job running (or the last one). */
export async function modpacksOverview(app: FastifyInstance, server: ServerRow): Promise<ModpacksOverviewJson> {
  const row = await app.modpacks.installed(server);
  const job = app.switchJobs.jobOf(server.uuid);
  return {
    installed: row
      ? {
          source: row.source === 'modrinth' ? 'modrinth' : 'file',
          project_id: row.projectId,
          version_id: row.versionId,
          name: row.name,
          version_number: row.versionNumber,
          minecraft: row.minecraft,
          loader: row.loader,
          loader_version: row.loaderVersion,
          icon_url: row.iconUrl,
          files: row.files.length,
          installed_at: row.installedAt.toISOString(),
        }
      : null,
    // Not asked while a job runs (the page polls then; the answer comes once the job has ended).
    update: job?.state === 'running' ? null : await updateOf(app, row),
    supported: await runsModpacks(app, server),
    job: job?.kind === 'modpack' ? job : null,
  };
}

/** Starts an install from a Modrinth version or an .mrpack of the server's files (422 per field for bad input). */
export async function requestInstall(app: FastifyInstance, server: ServerRow, body: ModpackInstallBody, actor: Actor) {
  const fromFile = body.file !== undefined;
  const fromModrinth = body.project_id !== undefined || body.version_id !== undefined;
  if (fromFile === fromModrinth) throw new ValidationError({ pack: ['Choose either a Modrinth version (project_id and version_id) or an .mrpack file.'] });
  if (!(await runsModpacks(app, server))) throw new ValidationError({ pack: ['This server cannot run modpacks (it is not a Java Minecraft server).'] });
  let packFile: string;
  let origin: PackOrigin;
  if (fromFile) {
    packFile = await app.modpacks.copyFromServerFiles(server, body.file!);
    origin = { source: 'file', projectId: null, versionId: null, iconUrl: null };
  } else {
    if (!body.project_id || !body.version_id) throw new ValidationError({ version_id: ['Choose a Modrinth project and one of its versions.'] });
    ({ packFile, origin } = await fetchModrinthPack(app, server, body.project_id, body.version_id));
  }
  const { job, index } = await app.modpacks.install(server, packFile, origin, { resetWorld: body.keep_world === false }, actor);
  return {
    job,
    pack: {
      name: index.name,
      version_number: index.versionId,
      minecraft: index.minecraft,
      loader: index.loader?.id ?? null,
      loader_version: index.loader?.version ?? null,
      files: index.files.length,
      client_only: index.clientOnly,
      overrides: index.overrides,
      bytes: index.totalBytes,
    },
  };
}
