import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CatalogueHttp } from '../../games/catalogue/CatalogueHttp';
import { CatalogueUnavailableError } from '../../games/catalogue/types';
import { ArchiveChecker } from '../files/archives/ArchiveChecker';
import type { StagingSink } from '../files/archives/stagingSink';
import { extractZipInto } from '../files/archives/zipArchive';
import type { FileLimits } from '../files/fileLimits';
import { pipelineOf } from '../../lib/pipelineOf';
import { PathEscapeError } from '../../runtime/files/PathEscapeError';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
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
 * The pack's staging folder on the panel's machine as an extraction's sink. The folder is the
 * panel's own and starts empty, and only entries the checker let through reach it (names without
 * `..` or absolute parts, no links), so plain file calls are safe here; a later entry of the same
 * name replaces the earlier one, as unzip does.
 */
function panelStagingSink(folder: string): StagingSink {
  return {
    folder: async (segments) => {
      await fs.mkdir(join(folder, ...segments), { recursive: true });
    },
    file: async (segments, mode, open, checks) => {
      const path = join(folder, ...segments);
      await fs.mkdir(dirname(path), { recursive: true });
      await fs.rm(path, { recursive: true, force: true });
      await pipelineOf(await open(), ...checks, createWriteStream(path, { mode, flags: 'wx' }));
    },
  };
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
  const handle = await open(packFile, 'r');
  try {
    await extractZipInto(handle.fd, panelStagingSink(join(staging, 'zip')), new ArchiveChecker(fileLimits, { freeBytes: Number.POSITIVE_INFINITY, limitBytes: Number.POSITIVE_INFINITY }), {
      freeBytes: Number.POSITIVE_INFINITY,
      limitBytes: Number.POSITIVE_INFINITY,
      take: () => undefined,
      release: () => undefined,
    });
  } finally {
    await handle.close();
  }
  onProgress(1);
  return { peakParallel, bytes };
}

/**
 * Copies the staged folder `local` (the panel's own) into the server's files at `base`: folders
 * merge into existing folders, anything else replaces what has the same name (a link there is
 * replaced, never followed). Each file is written whole (atomically) with its staged mode.
 */
async function copyStagedInto(local: string, files: ServerFiles, base: string): Promise<void> {
  for (const entry of await fs.readdir(local, { withFileTypes: true })) {
    const from = join(local, entry.name);
    const to = base ? `${base}/${entry.name}` : entry.name;
    const there = await files.lstat(to);
    if (entry.isDirectory()) {
      if (there?.kind !== 'directory') {
        if (there) await files.remove(to);
        await files.mkdir(to);
      }
      await copyStagedInto(from, files, to);
    } else if (entry.isFile()) {
      if (there && there.kind !== 'file') await files.remove(to);
      const { mode } = await fs.stat(from);
      await files.writeStream(to, createReadStream(from), { mode: mode & 0o777 });
    }
  }
}

async function isDir(path: string): Promise<boolean> {
  return (await fs.lstat(path).catch(() => null))?.isDirectory() ?? false;
}

/** Whether a removal failed only because nothing of the server's is there (gone already, or behind a link leading out: never followed). */
function nothingThere(error: NodeJS.ErrnoException): boolean {
  return error instanceof PathEscapeError || ['ENOENT', 'ENOTDIR', 'ELOOP'].includes(error.code ?? '');
}

/**
 * Puts a staged pack into the server's files through its file port: the files of the previous
 * pack go first, then the index's files, overrides/ and server-overrides/ (later ones win).
 * Answers the paths the index put there (removed again by the next install).
 */
export async function placeMrpack(staging: string, files: ServerFiles, index: MrpackIndex, previousFiles: string[]): Promise<string[]> {
  for (const path of previousFiles) {
    await files.remove(path).catch((error: NodeJS.ErrnoException) => {
      if (!nothingThere(error)) throw error;
    });
  }
  for (const source of [join(staging, 'files'), join(staging, 'zip', 'overrides'), join(staging, 'zip', 'server-overrides')]) {
    if (await isDir(source)) await copyStagedInto(source, files, '');
  }
  return index.files.map((f) => f.path);
}
