import { promises as fs } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { CatalogueHttp } from '../../games/catalogue/CatalogueHttp';
import { CatalogueUnavailableError } from '../../games/catalogue/types';
import { ArchiveChecker } from '../files/archives/ArchiveChecker';
import { moveInto, stagedFolder, writeStagedFile } from '../../runtime/files/rooted/extractedFiles';
import type { StagingSink } from '../files/archives/stagingSink';
import { extractZipInto } from '../files/archives/zipArchive';
import type { FileLimits } from '../files/fileLimits';
import { PathEscapeError, RootedFileSystem, type ConfinedDir } from '../../runtime/RootedFileSystem';
import { removeTree } from '../../runtime/confined/removeTree';
import { MRPACK_HOSTS, type ModpackLimits, type MrpackIndex } from './mrpack';

/** Where GitHub release downloads redirect to (the index names github.com; the bytes come from these). */
const REDIRECT_HOSTS = ['objects.githubusercontent.com', 'release-assets.githubusercontent.com', 'codeload.github.com'];

/** The local catalogue's stand-ins of the pack hosts: `https://cdn.modrinth.com/x` → `<base>/modrinth-cdn/x` and so on. */
const LOCAL_PATHS: Record<string, string> = { 'cdn.modrinth.com': 'modrinth-cdn', 'github.com': 'github', 'raw.githubusercontent.com': 'github-raw', 'gitlab.com': 'gitlab' };

/** Downloads of pack files: the allowed hosts only, capped in size, verified by hash. */
export class PackDownloads {
  readonly http: CatalogueHttp;
  private readonly localBase: string | null;

  constructor(limits: ModpackLimits, localBase: string | null) {
    this.localBase = localBase ? localBase.replace(/\/+$/, '') : null;
    const hosts = this.localBase ? [new URL(this.localBase).host] : [...MRPACK_HOSTS, ...REDIRECT_HOSTS];
    this.http = new CatalogueHttp({ name: 'Modpack files', allowedHosts: hosts, maxDownloadBytes: limits.maxFileBytes });
  }

  /** Hosts allowed in an index besides the format's own (the local catalogue's). */
  get localHosts(): string[] {
    return this.localBase ? [new URL(this.localBase).host.toLowerCase()] : [];
  }

  /** The address actually fetched (the local catalogue stands in for the public hosts in tests and the demo). */
  resolve(url: string): string {
    if (!this.localBase) return url;
    const parsed = new URL(url);
    const path = LOCAL_PATHS[parsed.host.toLowerCase()];
    return path ? `${this.localBase}/${path}${parsed.pathname}${parsed.search}` : url;
  }
}

export interface StageResult {
  /** Most downloads that ran at the same time. */
  peakParallel: number;
  bytes: number;
}

/** Runs `work` over `items` with at most `bound` at once; the first failure stops the others from starting. */
async function bounded<T>(items: T[], bound: number, work: (item: T) => Promise<void>, onActive: (active: number) => void): Promise<void> {
  let next = 0;
  let active = 0;
  let failed: unknown = null;
  const lane = async () => {
    while (failed === null && next < items.length) {
      const item = items[next++];
      active += 1;
      onActive(active);
      try {
        await work(item);
      } catch (error) {
        failed ??= error;
      } finally {
        active -= 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(bound, items.length) }, lane));
  if (failed !== null) throw failed;
}

/**
 * Stages a checked pack in `staging` (a folder of the panel's own, outside the server): the
 * index's files downloaded in parallel (at most `limits.parallelDownloads` at once), each
 * verified by its SHA-512 before it is kept (mirrors tried in order when one cannot be reached),
 * and the zip's entries extracted with the file manager's checks. Nothing of the server changes.
 */
export async function stageMrpack(
  packFile: string,
  index: MrpackIndex,
  staging: string,
  downloads: PackDownloads,
  limits: ModpackLimits,
  fileLimits: Pick<FileLimits, 'extractEntries' | 'extractBytes'>,
  onProgress: (fraction: number) => void,
): Promise<StageResult> {
  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(join(staging, 'files'), { recursive: true, mode: 0o700 });
  await fs.mkdir(join(staging, 'zip'), { recursive: true, mode: 0o700 });
  const total = Math.max(1, index.totalBytes + index.files.length);
  let done = 0;
  let bytes = 0;
  let peakParallel = 0;
  await bounded(
    index.files,
    limits.parallelDownloads,
    async (file) => {
      const target = join(staging, 'files', ...file.segments);
      let lastError: unknown = null;
      for (const url of file.downloads) {
        try {
          const result = await downloads.http.download(downloads.resolve(url), target, { algorithm: 'sha512', value: file.sha512 });
          bytes += result.bytes;
          lastError = null;
          break;
        } catch (error) {
          lastError = error;
          // A mirror that cannot be reached is skipped; a refused download (hash, size, host) stops the install.
          if (!(error instanceof CatalogueUnavailableError)) break;
        }
      }
      if (lastError) throw lastError;
      done += file.size + 1;
      onProgress((done / total) * 0.9);
    },
    (active) => (peakParallel = Math.max(peakParallel, active)),
  );
  const zipDir = await new RootedFileSystem(join(staging, 'zip')).openDir('/');
  const handle = await open(packFile, 'r');
  try {
    await extractZipInto(handle.fd, confinedSink(zipDir), new ArchiveChecker(fileLimits, { freeBytes: Number.POSITIVE_INFINITY, limitBytes: Number.POSITIVE_INFINITY }), {
      freeBytes: Number.POSITIVE_INFINITY,
      limitBytes: Number.POSITIVE_INFINITY,
      take: () => undefined,
      release: () => undefined,
    });
  } finally {
    await handle.close();
    await zipDir.close();
  }
  onProgress(1);
  return { peakParallel, bytes };
}

async function openIfDir(root: string, name: string): Promise<ConfinedDir | null> {
  const dir = await new RootedFileSystem(root).openDir('/');
  try {
    const stats = await dir.lstatOrNull(name);
    return stats?.isDirectory() ? await dir.openDir(name) : null;
  } finally {
    await dir.close();
  }
}

/**
 * Puts a staged pack into the server's folder (held by descriptor, no link followed): the files
 * of the previous pack go first, then the index's files, overrides/ and server-overrides/ (later
 * ones win). Answers the paths the index put there (removed again by the next install).
 */
export async function placeMrpack(staging: string, root: string, index: MrpackIndex, previousFiles: string[]): Promise<string[]> {
  const rooted = new RootedFileSystem(root);
  const rootDir = await rooted.openDir('/');
  try {
    for (const path of previousFiles) {
      // Gone already, or behind a link leading out (never followed): nothing of the server's to remove.
      await rooted
        .at(path, {}, (dir, name) => removeTree(dir, name))
        .catch((error: NodeJS.ErrnoException) => {
          if (!(error instanceof PathEscapeError) && !['ENOENT', 'ENOTDIR', 'ELOOP'].includes(error.code ?? '')) throw error;
        });
    }
    const sources = [await openIfDir(staging, 'files'), await openIfDir(join(staging, 'zip'), 'overrides'), await openIfDir(join(staging, 'zip'), 'server-overrides')];
    for (const source of sources) {
      if (!source) continue;
      try {
        await moveInto(source, rootDir);
      } finally {
        await source.close();
      }
    }
  } finally {
    await rootDir.close();
  }
  return index.files.map((f) => f.path);
}

/** being converted: the modpack's staging folder, held by descriptor on this machine. */
export function confinedSink(staging: ConfinedDir): StagingSink {
  return {
    folder: async (segments) => {
      const dir = await stagedFolder(staging, segments);
      if (dir !== staging) await dir.close();
    },
    file: (segments, mode, open, checks) => writeStagedFile(staging, segments, mode, open, checks),
  };
}
