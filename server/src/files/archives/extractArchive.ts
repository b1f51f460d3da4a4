import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpError } from '../../lib/errors';
import type { RootedFileSystem } from '../../runtime/RootedFileSystem';
import { checkUserPath, joinUserPath } from '../checkUserPath';
import type { DiskBudget } from '../DiskQuota';
import { ArchiveRejectedError } from '../fileErrors';
import type { FileLimits } from '../fileLimits';
import { asArchiveFault } from './archiveFaults';
import { ArchiveChecker } from './ArchiveChecker';
import { extractTarInto, scanTar } from './tarArchive';
import { extractZipInto, scanZip } from './zipArchive';

type ArchiveFormat = 'zip' | 'tar';

/** The format from the first bytes (the name does not count): zip, or tar (gzip-compressed or not). */
export function detectFormat(header: Buffer): ArchiveFormat | null {
  if (header.length >= 4 && header[0] === 0x50 && header[1] === 0x4b && (header[2] === 3 || header[2] === 5)) return 'zip';
  if (header.length >= 2 && header[0] === 0x1f && header[1] === 0x8b) return 'tar';
  if (header.length >= 262 && header.subarray(257, 262).toString('latin1') === 'ustar') return 'tar';
  return null;
}

/**
 * Moves the extracted entries into place: folders merge into existing folders, anything else
 * replaces what has the same name (a symlink there is replaced, never followed).
 */
async function moveInto(source: string, destination: string): Promise<void> {
  for (const name of await fs.readdir(source)) {
    const from = join(source, name);
    const to = join(destination, name);
    const [fromStats, toStats] = await Promise.all([fs.lstat(from), fs.lstat(to).catch(() => null)]);
    if (fromStats.isDirectory() && toStats?.isDirectory()) {
      await moveInto(from, to);
      continue;
    }
    if (toStats) await fs.rm(to, { recursive: true, force: true });
    await fs.rename(from, to);
  }
}

/**
 * Extracts `file` (relative to `root`) into `root`. The whole archive is read first and refused
 * before anything is written when an entry breaks a rule (see ArchiveChecker) or the sizes do not
 * fit; then it is extracted into a hidden folder inside `root`, checked again entry by entry,
 * and moved in only when everything succeeded. A damaged archive leaves nothing behind.
 */
export async function extractArchive(files: RootedFileSystem, root: string, file: string, limits: FileLimits, budget: DiskBudget): Promise<{ entries: number; bytes: number }> {
  const destination = await files.resolve(checkUserPath(root));
  if (!(await fs.stat(destination)).isDirectory()) throw new HttpError(400, 'The folder to extract into is not a folder.');
  // The archive stays open (by descriptor) from the checks to the end: it cannot be swapped between them.
  const { handle } = await files.openForRead(joinUserPath(root, file));
  try {
    const header = Buffer.alloc(512);
    const { bytesRead } = await handle.read(header, 0, 512, 0);
    const format = detectFormat(header.subarray(0, bytesRead));
    if (!format) throw new ArchiveRejectedError('only zip, tar and tar.gz archives can be extracted.');
    const scanned = new ArchiveChecker(limits, budget);
    try {
      await (format === 'zip' ? scanZip(handle.fd, scanned, limits.extractEntries) : scanTar(handle, scanned));
    } catch (error) {
      throw asArchiveFault(error);
    }
    return await extractChecked(handle, format, destination, limits, budget);
  } finally {
    await handle.close();
  }
}

/** Extracts into a hidden staging folder inside `destination` and moves the result in. */
async function extractChecked(handle: FileHandle, format: ArchiveFormat, destination: string, limits: FileLimits, budget: DiskBudget): Promise<{ entries: number; bytes: number }> {
  const staging = join(destination, `.extract-${randomBytes(6).toString('hex')}`);
  await fs.mkdir(staging, { mode: 0o700 });
  try {
    const extracting = new ArchiveChecker(limits, budget);
    await (format === 'zip' ? extractZipInto(handle.fd, staging, extracting, budget) : extractTarInto(handle, staging, extracting, budget));
    await moveInto(staging, destination);
    return { entries: extracting.entries, bytes: extracting.bytes };
  } catch (error) {
    throw asArchiveFault(error);
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
