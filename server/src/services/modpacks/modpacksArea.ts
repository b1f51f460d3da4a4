import type { FastifyInstance } from 'fastify';
import type { ServerRow } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import { loadServerContext } from '../../runtime/loadServerContext';
import type { ModpackInstallBody, ModpacksOverviewJson } from '../../schemas/modpacks';
import type { Actor } from '../backups/BackupService';
import { switchableSoftware } from '../versions/currentSoftware';
import type { PackOrigin } from './ModpackInstaller';

/** Whether the server's template runs modded Java servers (Fabric, Forge, NeoForge). */
export async function runsModpacks(app: FastifyInstance, server: ServerRow): Promise<boolean> {
  const { template } = await loadServerContext(app.db, server);
  return switchableSoftware(template).includes('fabric');
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
    update: null,
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
    throw new ValidationError({ project_id: ['Modpacks from Modrinth are not available yet.'] });
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
