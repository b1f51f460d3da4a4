import { randomBytes } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverModpacks, type ServerModpackRow, type ServerRow } from '../../db/schema';
import type { CatalogueDownload } from '../../games/catalogue/types';
import type { SwitchBody } from '../../schemas/versions';
import { checkUserPath } from '../files/checkUserPath';
import type { FileLimits } from '../files/fileLimits';
import { DiskQuota } from '../files/DiskQuota';
import { DiskQuotaError, toFileHttpError } from '../files/fileErrors';
import { HttpError, ValidationError } from '../../lib/errors';
import type { Actor } from '../audit/audit';
import type { RuntimeManager } from '../servers/RuntimeManager';
import type { SwitchJob, SwitchJobs } from '../versions/SwitchJobs';
import { defaultModpackLimits, readMrpack, type ModpackLimits, type MrpackIndex } from './mrpack';
import { PackDownloads, placeMrpack, stageMrpack, type StageResult } from './stageMrpack';

/** Where an installed pack came from (shown on the page, used to offer updates). */
export interface PackOrigin {
  source: 'modrinth' | 'file';
  projectId: string | null;
  versionId: string | null;
  iconUrl: string | null;
}

/** The software switch a pack needs, from the loader and Minecraft version its index names. */
export function softwareOf(index: MrpackIndex): { software: string; version: string; build?: string } {
  if (!index.loader) return { software: 'vanilla', version: index.minecraft };
  switch (index.loader.id) {
    case 'fabric':
      return { software: 'fabric', version: index.minecraft, build: index.loader.version };
    case 'forge':
      return { software: 'forge', version: index.minecraft, build: index.loader.version.startsWith(`${index.minecraft}-`) ? index.loader.version : `${index.minecraft}-${index.loader.version}` };
    case 'neoforge':
      return { software: 'neoforge', version: index.minecraft, build: index.loader.version };
    default:
      throw new ValidationError({ pack: [`The modpack needs the ${index.loader.id} loader, which this panel cannot install yet.`] });
  }
}

export interface ModpackInstallerOptions {
  db: Database;
  runtime: RuntimeManager;
  switchJobs: SwitchJobs;
  /** Checks a software target against the server and the catalogue (422 per field) and answers its download. */
  resolveTarget: (server: ServerRow, target: SwitchBody) => Promise<CatalogueDownload>;
  fileLimits: FileLimits;
  /** The panel's data directory: packs are checked and staged under <dataDir>/modpacks/<server>. */
  dataDir: string;
  /** The local catalogue standing in for the pack hosts (tests and the offline demo), else null. */
  localBase: string | null;
}

/**
 * Installs .mrpack modpacks as version-switch jobs (one job at a time per server, shared with
 * switches and setups): the pack is read and checked before anything is written, then the job
 * stops the server, makes a backup, downloads and verifies the pack's files into a staging
 * folder, switches the loader and Minecraft version through the versions layer, puts the files
 * in place and starts the server again. Any failure puts the previous state back.
 */
export class ModpackInstaller {
  limits: ModpackLimits = { ...defaultModpackLimits };
  /** Figures of the last staging per server (tests and the bench read them). */
  readonly lastStage = new Map<string, StageResult & { ms: number }>();
  private readonly quota: DiskQuota;

  constructor(private readonly options: ModpackInstallerOptions) {
    this.quota = new DiskQuota(options.db);
  }

  private get fileLimits(): FileLimits {
    return this.options.fileLimits;
  }

  private downloads(): PackDownloads {
    return new PackDownloads(this.limits, this.options.localBase);
  }

  /** Hosts an index may name besides the format's four (the local catalogue's, in tests and the demo). */
  get localHosts(): string[] {
    return this.downloads().localHosts;
  }

  private workDir(server: ServerRow): string {
    return join(this.options.dataDir, 'modpacks', server.uuid);
  }

  async installed(server: ServerRow): Promise<ServerModpackRow | null> {
    const [row] = await this.options.db.select().from(serverModpacks).where(eq(serverModpacks.serverId, server.id));
    return row ?? null;
  }

  private assertFree(server: ServerRow): void {
    if (this.options.switchJobs.isRunning(server.uuid)) throw new HttpError(409, 'A version switch, setup or modpack install is already running on this server.');
    if (server.suspended) throw new HttpError(409, 'The server is suspended.');
    if (server.installStatus === 'installing') throw new HttpError(409, 'The server is still being installed.');
  }

  /** A fresh file for a pack about to be checked (removed when the job ends or the pack is refused). */
  async packFile(server: ServerRow): Promise<string> {
    const dir = join(this.workDir(server), 'packs');
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    return join(dir, `${randomBytes(6).toString('hex')}.mrpack`);
  }

  /** Copies an .mrpack of the server's files (path as the file manager names it) to a file of the panel's own. */
  async copyFromServerFiles(server: ServerRow, path: string): Promise<string> {
    if (!/\.mrpack$/i.test(path)) throw new ValidationError({ file: ['Choose an .mrpack file.'] });
    const files = this.options.runtime.files(server.uuid);
    const target = await this.packFile(server);
    try {
      const { stream, info } = await files.readStream(checkUserPath(path));
      if (info.size > this.limits.maxFileBytes) {
        stream.destroy();
        throw new ValidationError({ file: [`The .mrpack is larger than the ${this.limits.maxFileBytes} bytes allowed.`] });
      }
      await pipeline(stream, createWriteStream(target, { mode: 0o600 }));
    } catch (error) {
      await fs.rm(target, { force: true });
      const mapped = toFileHttpError(error);
      if (mapped instanceof HttpError && mapped.statusCode === 404) throw new ValidationError({ file: ['There is no such file.'] });
      throw mapped;
    }
    return target;
  }

  /**
   * Checks the pack in `packFile` (422 before anything is written) and starts its install job.
   * `packFile` belongs to the installer from here on: it is removed when the job ends.
   */
  async install(server: ServerRow, packFile: string, origin: PackOrigin, options: { resetWorld: boolean }, actor: Actor): Promise<{ job: SwitchJob; index: MrpackIndex }> {
    let started = false;
    try {
      this.assertFree(server);
      const limits = { ...this.limits };
      const index = await readMrpack(packFile, limits, this.fileLimits, this.localHosts);
      // The plan's disk space: the pack's files must fit beside what is there (what they replace is not counted back).
      const budget = await this.quota.open(server, this.options.runtime.files(server.uuid));
      budget.release();
      const needed = index.totalBytes + index.overrideBytes;
      if (needed > budget.freeBytes) throw new DiskQuotaError(needed, budget.freeBytes, budget.limitBytes);
      const target = softwareOf(index);
      const download = await this.options.resolveTarget(server, target);
      const previous = await this.installed(server);
      const staging = join(this.workDir(server), 'staging');
      const downloads = new PackDownloads(limits, this.options.localBase);
      let placed: string[] = [];
      const job = this.options.switchJobs.start(
        server,
        {
          kind: 'modpack',
          ...target,
          label: `"${index.name}" ${index.versionId}`,
          auditProperties: { pack: index.name, packVersion: index.versionId, source: origin.source },
          resetWorld: options.resetWorld,
          prepare: async (onProgress) => {
            const began = Date.now();
            const result = await stageMrpack(packFile, index, staging, downloads, limits, this.fileLimits, onProgress);
            this.lastStage.set(server.uuid, { ...result, ms: Date.now() - began });
          },
          // The job works on the server's own files (it snapshots them first and puts them back on failure).
          place: async () => {
            placed = await placeMrpack(staging, this.options.runtime.files(server.uuid), index, previous?.files ?? []);
          },
          committed: async () => {
            const row = {
              source: origin.source,
              projectId: origin.projectId,
              versionId: origin.versionId,
              iconUrl: origin.iconUrl,
              name: index.name,
              versionNumber: index.versionId,
              minecraft: index.minecraft,
              loader: index.loader?.id ?? null,
              loaderVersion: index.loader?.version ?? null,
              files: placed,
              installedAt: new Date(),
            };
            await this.options.db
              .insert(serverModpacks)
              .values({ serverId: server.id, ...row })
              .onConflictDoUpdate({ target: serverModpacks.serverId, set: row });
          },
          cleanup: async () => {
            await fs.rm(staging, { recursive: true, force: true });
            await fs.rm(packFile, { force: true });
          },
        },
        download,
        actor,
      );
      started = true;
      return { job, index };
    } finally {
      if (!started) await fs.rm(packFile, { force: true });
    }
  }
}
