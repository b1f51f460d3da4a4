import { HttpError } from '../../../lib/errors';
import type { ServerFiles } from '../../../runtime/files/ServerFiles';
import { stagingName } from '../../../runtime/files/stagingNames';
import { checkUserPath, joinUserPath } from '../checkUserPath';
import type { DiskBudget } from '../DiskQuota';
import { regularFile } from '../fileContents';
import { allowAll, type FileGuard } from '../fileGuard';
import { ArchiveRejectedError } from '../fileErrors';
import type { FileLimits } from '../fileLimits';
import { asArchiveFault } from './archiveFaults';
import { ArchiveChecker } from './ArchiveChecker';
import { moveStagedInto, portSink, replacesAny } from './stagingSink';
import { extractTarInto, scanTar, type OpenArchive } from './tarArchive';
import { extractZipInto, scanZip, type ZipSource } from './zipArchive';

type ArchiveFormat = 'zip' | 'tar';

/** The format from the first bytes (the name does not count): zip, or tar (gzip-compressed or not). */
export function detectFormat(header: Buffer): ArchiveFormat | null {
  if (header.length >= 4 && header[0] === 0x50 && header[1] === 0x4b && (header[2] === 3 || header[2] === 5)) return 'zip';
  if (header.length >= 2 && header[0] === 0x1f && header[1] === 0x8b) return 'tar';
  if (header.length >= 262 && header.subarray(257, 262).toString('latin1') === 'ustar') return 'tar';
  return null;
}

/** The first bytes of the file at `path` (up to `length`). */
async function headerOf(files: ServerFiles, path: string, length: number): Promise<Buffer> {
  const { stream } = await files.readStream(path, { start: 0, end: length - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One archive of a server's files, as each pass reads it. */
interface ArchiveAt {
  format: ArchiveFormat;
  zip: ZipSource;
  open: OpenArchive;
}

/**
 * Extracts `file` (relative to `root`) into `root`. The whole archive is read first and refused
 * before anything is written when an entry breaks a rule (see ArchiveChecker) or the sizes do not
 * fit; then it is extracted into a hidden folder inside `root`, checked again entry by entry (an
 * archive changed between the two reads gains nothing), and moved in only when everything
 * succeeded. A damaged archive leaves nothing behind. Every folder and file is made through the
 * file port (no link followed, files written atomically).
 */
export async function extractArchive(files: ServerFiles, root: string, file: string, limits: FileLimits, budget: DiskBudget, guard: FileGuard = allowAll): Promise<{ entries: number; bytes: number }> {
  const destination = await files.stat(checkUserPath(root));
  if (!destination) throw Object.assign(new Error('The folder to extract into does not exist.'), { code: 'ENOENT' });
  if (destination.kind !== 'directory') throw new HttpError(400, 'The folder to extract into is not a folder.');
  const path = joinUserPath(root, file);
  const { size } = await regularFile(files, path);
  const format = detectFormat(await headerOf(files, path, 512));
  if (!format) throw new ArchiveRejectedError('only zip, tar and tar.gz archives can be extracted.');
  const archive: ArchiveAt = { format, zip: { files, path, size }, open: async () => (await files.readStream(path)).stream };
  const scanned = new ArchiveChecker(limits, budget);
  try {
    await (format === 'zip' ? scanZip(archive.zip, scanned, limits.extractEntries) : scanTar(archive.open, scanned));
  } catch (error) {
    throw asArchiveFault(error);
  }
  return extractChecked(files, archive, root, limits, budget, guard);
}

/**
 * Extracts into a hidden staging folder inside `root` and moves the result in. Replacing files
 * that are there needs file.update (asked before anything moves in).
 */
async function extractChecked(files: ServerFiles, archive: ArchiveAt, root: string, limits: FileLimits, budget: DiskBudget, guard: FileGuard): Promise<{ entries: number; bytes: number }> {
  const staging = joinUserPath(root, stagingName('.extract-'));
  try {
    await files.mkdir(staging, { exclusive: true, mode: 0o700 });
    const extracting = new ArchiveChecker(limits, budget);
    const tree = await files.openTree(staging);
    try {
      const sink = portSink(tree);
      await (archive.format === 'zip' ? extractZipInto(archive.zip, sink, extracting, budget) : extractTarInto(archive.open, sink, extracting, budget));
    } catch (error) {
      throw asArchiveFault(error);
    } finally {
      await tree.close();
    }
    if (await replacesAny(files, staging, root)) guard('file.update');
    await moveStagedInto(files, staging, root);
    return { entries: extracting.entries, bytes: extracting.bytes };
  } finally {
    await files.remove(staging).catch(() => undefined);
  }
}
