import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { pipelineOf } from '../../../lib/pipelineOf';
import type { ServerFiles } from '../../../runtime/files/ServerFiles';
import { byteCounter } from '../byteCounter';
import type { DiskBudget } from '../DiskQuota';
import { ArchiveRejectedError } from '../fileErrors';
import { entrySegments, type ArchiveChecker, type ArchiveEntryInfo } from './ArchiveChecker';
import { PortZipReader } from './portZipReader';
import type { StagingSink } from './stagingSink';
import { checkCompressionMethod, entryContentChecks, openStoredBytes } from './zipEntryContent';

/** A zip held open by descriptor on this machine, or one in a server's files (read through its port) with its size. */
export type ZipSource = number | { files: ServerFiles; path: string; size: number };

// Names are decoded (CP437 or UTF-8). Sizes are checked against what each entry really inflates
// to by our own checks (see entryContentChecks), which refuse with a clear reason.
const ZIP_OPTIONS = { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: false, strictFileNames: false };

function openZip(source: ZipSource): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip?: ZipFile) => (error || !zip ? reject(error) : resolve(zip));
    if (typeof source === 'number') yauzl.fromFd(source, ZIP_OPTIONS, done);
    else yauzl.fromRandomAccessReader(new PortZipReader(source.files, source.path), source.size, ZIP_OPTIONS, done);
  });
}

/** yauzl's own refusal of an entry name, restated by our rules (with their clearer message). */
function withOwnNameCheck(error: Error): Error {
  const refused = /^(?:invalid relative path|absolute path): (.*)$/.exec(error.message);
  if (refused) {
    try {
      entrySegments(refused[1]);
    } catch (own) {
      return own as Error;
    }
  }
  return error;
}

/**
 * The entries of the central directory, one at a time. The zip keeps one set of listeners for its
 * whole life: an error it reports between two reads (while an entry's content is being written)
 * is held for the next read instead of being emitted with no listener.
 */
async function* zipEntries(zip: ZipFile): AsyncGenerator<Entry> {
  let failure: Error | null = null;
  let waiting: { resolve: (entry: Entry | null) => void; reject: (error: Error) => void } | null = null;
  zip.on('entry', (found: Entry) => waiting?.resolve(found));
  zip.on('end', () => waiting?.resolve(null));
  zip.on('error', (error: Error) => {
    failure ??= withOwnNameCheck(error);
    waiting?.reject(failure);
  });
  for (;;) {
    if (failure) throw failure;
    const entry = await new Promise<Entry | null>((resolve, reject) => {
      waiting = { resolve, reject };
      zip.readEntry();
    });
    waiting = null;
    if (!entry) return;
    yield entry;
  }
}

/** What the entry is, from its name and the Unix mode in its external attributes. */
function infoOf(entry: Entry): ArchiveEntryInfo & { mode: number } {
  const unixMode = entry.externalFileAttributes >>> 16;
  const type = unixMode & 0o170000;
  const kind = type === 0o120000 ? 'symlink' : entry.fileName.endsWith('/') || type === 0o040000 ? 'directory' : type === 0 || type === 0o100000 ? 'file' : 'other';
  if (entry.isEncrypted()) throw new ArchiveRejectedError(`the entry "${entry.fileName}" is encrypted.`);
  if (kind === 'file') checkCompressionMethod(entry);
  // Permission bits only (no setuid), always readable and writable by the owner; 644 when absent.
  const bits = unixMode & 0o777;
  return { name: entry.fileName, kind, size: entry.uncompressedSize, mode: bits ? bits | 0o600 : 0o644 };
}

/** Reads every entry's header (nothing is inflated) through the checker. */
export async function scanZip(source: ZipSource, checker: ArchiveChecker, maxEntries: number): Promise<void> {
  // Never zip.close() of a descriptor: it would close the caller's, which the caller closes itself.
  const zip = await openZip(source);
  // The count is in the end-of-central-directory record: refused before reading any entry.
  if (zip.entryCount > maxEntries) throw new ArchiveRejectedError(`it holds more than ${maxEntries} entries.`);
  for await (const entry of zipEntries(zip)) checker.check(infoOf(entry));
}

/** Extracts into `staging` (an empty folder of our own), checking every entry again. */
export async function extractZipInto(source: ZipSource, staging: StagingSink, checker: ArchiveChecker, budget: DiskBudget): Promise<void> {
  const zip = await openZip(source);
  for await (const entry of zipEntries(zip)) {
    const info = infoOf(entry);
    const segments = checker.check(info);
    // A file's content is opened only once the file to write is ready, so it has its consumer at once.
    if (info.kind === 'directory') await staging.folder(segments);
    else await staging.file(segments, info.mode, () => openStoredBytes(zip, entry), [...entryContentChecks(entry), byteCounter((bytes) => budget.take(bytes))]);
  }
}

/**
 * The content of the entry named `name`, inflated through the same checks as an extraction
 * (its declared size, its CRC-32); null when there is none. Refused (ArchiveRejectedError) when
 * it declares more than `maxBytes`.
 */
export async function readZipEntry(fd: number, name: string, maxBytes: number): Promise<Buffer | null> {
  const zip = await openZip(fd);
  for await (const entry of zipEntries(zip)) {
    if (entry.fileName !== name) continue;
    if (entry.uncompressedSize > maxBytes) throw new ArchiveRejectedError(`${name} is larger than ${Math.floor(maxBytes / 1024 / 1024)} MiB.`);
    checkCompressionMethod(entry);
    const chunks: Buffer[] = [];
    // The declared size check stops the content at maxBytes whatever the entry inflates to.
    await pipelineOf(await openStoredBytes(zip, entry), ...entryContentChecks(entry), async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) chunks.push(chunk);
    });
    return Buffer.concat(chunks);
  }
  return null;
}
