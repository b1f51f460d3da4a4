import { randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { HttpError } from '../../../lib/errors';
import type { ConfinedDir, RootedFileSystem } from '../../../runtime/RootedFileSystem';
import { removeTree } from '../../../runtime/confined/removeTree';
import { checkUserPath, joinUserPath } from '../checkUserPath';
import type { DiskBudget } from '../DiskQuota';
import { allowAll, type FileGuard } from '../fileGuard';
import { ArchiveRejectedError } from '../fileErrors';
import type { FileLimits } from '../fileLimits';
import { asArchiveFault } from './archiveFaults';
import { ArchiveChecker } from './ArchiveChecker';
import { moveInto } from './extractedFiles';
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

/** The hidden staging folders of extractions (`.extract-` and 12 hex digits), removed at start when a crash left one. */
export const EXTRACT_STAGING = /^\.extract-[0-9a-f]{12}$/;

/**
 * Extracts `file` (relative to `root`) into `root`. The whole archive is read first and refused
 * before anything is written when an entry breaks a rule (see ArchiveChecker) or the sizes do not
 * fit; then it is extracted into a hidden folder inside `root`, checked again entry by entry,
 * and moved in only when everything succeeded. A damaged archive leaves nothing behind. Every
 * folder and file is made by descriptor without following links (see extractedFiles).
 */
export async function extractArchive(
  files: RootedFileSystem,
  root: string,
  file: string,
  limits: FileLimits,
  budget: DiskBudget,
  guard: FileGuard = allowAll,
): Promise<{ entries: number; bytes: number }> {
  const destination = await files.openDir(checkUserPath(root)).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOTDIR' ? new HttpError(400, 'The folder to extract into is not a folder.') : error;
  });
  try {
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
      return await extractChecked(handle, format, destination, limits, budget, guard);
    } finally {
      await handle.close();
    }
  } finally {
    await destination.close();
  }
}

/** Whether moving `source` into `destination` would replace any file there (folders merge). */
async function replacesAny(source: ConfinedDir, destination: ConfinedDir): Promise<boolean> {
  for (const name of await source.readdir()) {
    const [from, to] = await Promise.all([source.lstat(name), destination.lstatOrNull(name)]);
    if (!to) continue;
    if (!from.isDirectory() || !to.isDirectory()) return true;
    const [inner, target] = [await source.openDir(name), await destination.openDir(name)];
    try {
      if (await replacesAny(inner, target)) return true;
    } finally {
      await Promise.all([inner.close(), target.close()]);
    }
  }
  return false;
}

/**
 * Extracts into a hidden staging folder inside `destination` and moves the result in. Replacing
 * files that are there needs file.update (asked before anything moves in).
 */
async function extractChecked(
  handle: FileHandle,
  format: ArchiveFormat,
  destination: ConfinedDir,
  limits: FileLimits,
  budget: DiskBudget,
  guard: FileGuard,
): Promise<{ entries: number; bytes: number }> {
  const stagingName = `.extract-${randomBytes(6).toString('hex')}`;
  await destination.mkdir(stagingName, 0o700);
  try {
    const staging = await destination.openDir(stagingName);
    try {
      const extracting = new ArchiveChecker(limits, budget);
      try {
        await (format === 'zip' ? extractZipInto(handle.fd, staging, extracting, budget) : extractTarInto(handle, staging, extracting, budget));
      } catch (error) {
        throw asArchiveFault(error);
      }
      if (await replacesAny(staging, destination)) guard('file.update');
      await moveInto(staging, destination);
      return { entries: extracting.entries, bytes: extracting.bytes };
    } finally {
      await staging.close();
    }
  } finally {
    await removeTree(destination, stagingName).catch(() => undefined);
  }
}
