import type { Database } from '../../db/client';
import type { ServerRow } from '../../db/schema';
import type { Catalogue } from '../../games/catalogue/Catalogue';
import { ValidationError } from '../../lib/errors';
import type { ModpackInstallBody, ModpackSearchJson, ModpackSearchQuery, ModpacksOverviewJson, ModpackVersionsJson } from '../../schemas/modpacks';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../audit/audit';
import { loadServerContext } from '../servers/loadServerContext';
import { templateSoftware } from '../versions/currentSoftware';
import type { SwitchJobs } from '../versions/SwitchJobs';
import type { ModpackInstaller, PackOrigin } from './ModpackInstaller';
import { fetchModrinthPack, modpackUpdate, modpackVersions, searchModpacks } from './modpackCatalogue';

export interface ModpackServiceOptions {
  db: Database;
  /** Read on every use (a getter in the composition): the catalogue may be pointed elsewhere while the panel runs. */
  readonly catalogue: Catalogue;
  switchJobs: SwitchJobs;
  installer: ModpackInstaller;
}

/**
 * Modpacks of Java Minecraft servers: browsing Modrinth's, the installed pack with the update on
 * offer, and installs (from Modrinth or an .mrpack of the server's files) run by the installer
 * as switch jobs, audited.
 */
export class ModpackService {
  constructor(private readonly options: ModpackServiceOptions) {}

  /** The installer's limits (tests lower them). */
  get limits() {
    return this.options.installer.limits;
  }

  /** Figures of the last staging per server (tests and the bench read them). */
  get lastStage() {
    return this.options.installer.lastStage;
  }

  /** Whether the server's template runs modded Java servers (Fabric, Forge, NeoForge). */
  async runsModpacks(server: ServerRow): Promise<boolean> {
    const { template } = await loadServerContext(this.options.db, server);
    return templateSoftware(template).includes('fabric');
  }

  search(query: ModpackSearchQuery): Promise<ModpackSearchJson> {
    return searchModpacks(this.options.catalogue, query);
  }

  versions(projectId: string): Promise<ModpackVersionsJson> {
    return modpackVersions(this.options.catalogue, projectId);
  }

  /** The installed modpack, the update on offer and the install job running (or the last one). */
  async overview(server: ServerRow): Promise<ModpacksOverviewJson> {
    const row = await this.options.installer.installed(server);
    const job = this.options.switchJobs.jobOf(server.uuid);
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
      update: job?.state === 'running' ? null : await modpackUpdate(this.options.catalogue, row),
      supported: await this.runsModpacks(server),
      job: job?.kind === 'modpack' ? job : null,
    };
  }

  /** Starts an install from a Modrinth version or an .mrpack of the server's files (422 per field for bad input), audited. */
  async install(server: ServerRow, body: ModpackInstallBody, actor: Actor) {
    const installer = this.options.installer;
    const fromFile = body.file !== undefined;
    const fromModrinth = body.project_id !== undefined || body.version_id !== undefined;
    if (fromFile === fromModrinth) throw new ValidationError({ pack: ['Choose either a Modrinth version (project_id and version_id) or an .mrpack file.'] });
    if (!(await this.runsModpacks(server))) throw new ValidationError({ pack: ['This server cannot run modpacks (it is not a Java Minecraft server).'] });
    let packFile: string;
    let origin: PackOrigin;
    if (fromFile) {
      packFile = await installer.copyFromServerFiles(server, body.file!);
      origin = { source: 'file', projectId: null, versionId: null, iconUrl: null };
    } else {
      if (!body.project_id || !body.version_id) throw new ValidationError({ version_id: ['Choose a Modrinth project and one of its versions.'] });
      ({ packFile, origin } = await fetchModrinthPack(this.options.catalogue, body.project_id, body.version_id, () => installer.packFile(server)));
    }
    const { job, index } = await installer.install(server, packFile, origin, { resetWorld: body.keep_world === false }, actor);
    const pack = {
      name: index.name,
      version_number: index.versionId,
      minecraft: index.minecraft,
      loader: index.loader?.id ?? null,
      loader_version: index.loader?.version ?? null,
      files: index.files.length,
      client_only: index.clientOnly,
      overrides: index.overrides,
      bytes: index.totalBytes,
    };
    await recordAudit(this.options.db, {
      actorId: actor.userId,
      serverUuid: server.uuid,
      event: 'server.modpacks.install',
      ip: actor.ip,
      properties: { pack: pack.name, version: pack.version_number, source: body.file ? 'file' : 'modrinth', keepWorld: body.keep_world !== false },
    });
    return { job, pack };
  }
}
