import { createHash } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { ServerRow } from '../../db/schema';
import type { Catalogue } from '../../games/catalogue/Catalogue';
import { CatalogueNotFoundError, CatalogueUnavailableError, DownloadRefusedError } from '../../games/catalogue/types';
import { HttpError, ValidationError } from '../../lib/errors';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import type { ExtensionService } from '../extensions/ExtensionService';
import { extensionSources, type ExtensionSource, type Release } from '../extensions/sources';
import { extensionTarget, type ExtensionTarget } from '../extensions/target';

const FILE = /^[^/\\\0]+\.(jar|zip)$/;

/** One plugin or mod a setup installs, as its preview lists it. */
export interface SetupExtensionJson {
  provider: string;
  project_id: string;
  name: string;
  version_id: string;
  version_number: string;
  file: string;
  size: number | null;
  /** The extension that needs this one (a required dependency), else null. */
  dependency_of: string | null;
}

/** An extension a setup names that cannot be installed now, and why. */
export interface UnresolvedExtensionJson {
  extension: string;
  /**
   * not-found: no catalogue offers it for this software and version; unreachable: its catalogue
   * cannot be reached; external: only an outside download; clash: a file of its name is already
   * in plugins/ or mods/ (another project's, or one put there by hand).
   */
  reason: 'not-found' | 'unreachable' | 'external' | 'clash';
  message: string;
}

interface Planned {
  release: Release;
  source: ExtensionSource;
  file: string;
  dependencyOf: string | null;
}

/** What a setup's extensions resolve to on a server: the files to install, the ones already there and the ones that cannot be resolved. */
export interface SetupExtensionPlan {
  target: ExtensionTarget | null;
  planned: Planned[];
  alreadyInstalled: string[];
  unresolved: UnresolvedExtensionJson[];
}

export interface StagedExtension extends Planned {
  path: string;
  sha512: string;
}

const fileNameOf = (r: Release) => (FILE.test(r.fileName) ? r.fileName : `${r.projectId.replace(/[^\w.-]+/g, '')}-${r.versionNumber.replace(/[^\w.+-]+/g, '')}.jar`);

/**
 * Resolves the extensions a setup names (Modrinth first, then Hangar where the software takes
 * Paper plugins) for the software and game version the setup leaves the server on: the newest
 * release that fits, then its required dependencies (transitively, in the same catalogue). Ones
 * already installed are left out; ones no catalogue offers, or whose catalogue cannot be reached,
 * are listed as unresolved with a message naming them.
 */
export async function planSetupExtensions(
  deps: { catalogue: Catalogue; extensions: ExtensionService; files: ServerFiles },
  server: ServerRow,
  names: string[],
  software: { software: string; version: string } | null,
): Promise<SetupExtensionPlan> {
  const empty: SetupExtensionPlan = { target: null, planned: [], alreadyInstalled: [], unresolved: [] };
  if (names.length === 0) return empty;
  const target = await extensionTarget(deps.catalogue, software);
  if (!target) throw new ValidationError({ setup: [`${software?.software ?? 'This software'} takes no plugins or mods.`] });
  const all = extensionSources(deps.catalogue).filter((s) => s.fits(target));
  const sources = all.filter((s) => s.id === 'modrinth' || s.id === 'hangar');
  const installed = await deps.extensions.installedProjects(server, target, all);
  const plan: SetupExtensionPlan = { target, planned: [], alreadyInstalled: [], unresolved: [] };
  const seen = new Set<string>();
  const where = `${target.softwareName}${target.gameVersion ? ` ${target.gameVersion}` : ''}`;

  const take = (release: Release, source: ExtensionSource, dependencyOf: string | null, asked: string): boolean => {
    const key = `${release.provider}:${release.projectId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    if (installed.has(key)) {
      plan.alreadyInstalled.push(release.name);
      return false;
    }
    if (release.externalUrl || !release.url) {
      plan.unresolved.push({ extension: asked, reason: 'external', message: `${release.name} is only offered as an outside download, so the setup cannot install it.` });
      return false;
    }
    if (!release.checksum) {
      plan.unresolved.push({ extension: asked, reason: 'external', message: `${release.name} ${release.versionNumber} has no checksum to verify, so the setup cannot install it.` });
      return false;
    }
    plan.planned.push({ release, source, file: fileNameOf(release), dependencyOf });
    return true;
  };
  const unreachable = (asked: string, error: CatalogueUnavailableError) =>
    plan.unresolved.push({ extension: asked, reason: 'unreachable', message: `${asked} could not be resolved: ${error.message} Try again later.` });

  const queue: { source: ExtensionSource; project: string; of: string }[] = [];
  for (const name of names) {
    const misses: string[] = [];
    let done = false;
    for (const source of sources) {
      try {
        const release = await source.release(target, name);
        if (take(release, source, null, name)) queue.push(...release.requires.map((project) => ({ source, project, of: release.name })));
        done = true;
        break;
      } catch (error) {
        if (error instanceof CatalogueNotFoundError) {
          misses.push(`${source.name}: ${error.message}`);
          continue;
        }
        if (error instanceof CatalogueUnavailableError) {
          unreachable(name, error);
          done = true;
          break;
        }
        throw error;
      }
    }
    if (!done)
      plan.unresolved.push({ extension: name, reason: 'not-found', message: `${name} could not be resolved: no catalogue offers it for ${where} (${misses.join(' ') || 'no catalogue fits'}).` });
  }
  while (queue.length && plan.planned.length < 40) {
    const { source, project, of } = queue.shift()!;
    try {
      const release = await source.release(target, project);
      if (take(release, source, of, project)) queue.push(...release.requires.map((p) => ({ source, project: p, of: release.name })));
    } catch (error) {
      if (error instanceof CatalogueNotFoundError)
        plan.unresolved.push({ extension: project, reason: 'not-found', message: `${of} needs ${project}, which could not be resolved for ${where}: ${error.message}` });
      else if (error instanceof CatalogueUnavailableError) unreachable(project, error);
      else throw error;
    }
  }
  await refuseClashes(deps.files, target, plan);
  return plan;
}

/**
 * Moves a planned file whose name is taken in the target folder to the unresolved ones: said in
 * the preview, rather than found half-way through the job (which would roll back).
 */
async function refuseClashes(files: ServerFiles, target: ExtensionTarget, plan: SetupExtensionPlan): Promise<void> {
  const clear: Planned[] = [];
  for (const planned of plan.planned) {
    const path = `${target.folder}/${planned.file}`;
    if ((await files.stat(path)) || (await files.stat(`${path}.disabled`))) {
      plan.unresolved.push({
        extension: planned.release.name,
        reason: 'clash',
        message: `${path} is already there and is not ${planned.release.name}; remove or rename it before applying this setup.`,
      });
    } else {
      clear.push(planned);
    }
  }
  plan.planned = clear;
}

export const extensionJson = (p: Planned): SetupExtensionJson => ({
  provider: p.release.provider,
  project_id: p.release.projectId,
  name: p.release.name,
  version_id: p.release.versionId,
  version_number: p.release.versionNumber,
  file: p.file,
  size: p.release.size,
  dependency_of: p.dependencyOf,
});

/** Refuses (nothing changed) a plan with unresolved extensions: 503 when a catalogue cannot be reached, else 422 naming each. */
export function refuseUnresolved(plan: SetupExtensionPlan): void {
  if (plan.unresolved.length === 0) return;
  const messages = plan.unresolved.map((u) => u.message);
  if (plan.unresolved.some((u) => u.reason === 'unreachable')) throw new HttpError(503, `The setup was not applied: ${messages.join(' ')}`);
  throw new ValidationError({ extensions: messages }, `The setup was not applied: ${messages.join(' ')}`);
}

/**
 * Downloads every planned file into the staging folder, each from its catalogue's own hosts,
 * capped in size and verified against the catalogue's checksum (a mismatch is refused): nothing
 * reaches the server's folder here.
 */
export async function stageExtensions(staging: string, planned: Planned[], onProgress: (fraction: number) => void): Promise<StagedExtension[]> {
  await fs.mkdir(staging, { recursive: true, mode: 0o700 });
  const out: StagedExtension[] = [];
  for (const [i, p] of planned.entries()) {
    if (!p.release.url || !p.release.checksum) throw new DownloadRefusedError(`${p.release.name} ${p.release.versionNumber} cannot be verified; the download was refused.`);
    const path = join(staging, p.file);
    await p.source.http.download(p.release.url, path, p.release.checksum);
    const sha512 = createHash('sha512')
      .update(await fs.readFile(path))
      .digest('hex');
    out.push({ ...p, path, sha512 });
    onProgress((i + 1) / planned.length);
  }
  return out;
}

/** Puts the verified files into the server's plugins/ or mods/ (never over a file already there: that fails the job, which rolls back). */
export async function placeExtensions(files: ServerFiles, folder: string, staged: StagedExtension[]): Promise<string[]> {
  const placed: string[] = [];
  for (const s of staged) {
    const path = `${folder}/${s.file}`;
    if ((await files.stat(path)) || (await files.stat(`${path}.disabled`))) throw new Error(`${path} is already there with other content; remove it first.`);
    await files.writeStream(path, createReadStream(s.path));
    placed.push(path);
  }
  return placed;
}
