import { Transform, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { ConfinedDir } from '../../../runtime/RootedFileSystem';
import { byteCounter } from '../byteCounter';
import type { DiskBudget } from '../DiskQuota';
import { ArchiveRejectedError } from '../fileErrors';
import { entrySegments, type ArchiveChecker, type ArchiveEntryInfo } from './ArchiveChecker';
import { stagedFolder, writeStagedFile } from './extractedFiles';

function openZip(fd: number): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // Sizes are checked against what each entry really inflates to; names are decoded (CP437 or UTF-8).
    yauzl.fromFd(fd, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) =>
      error || !zip ? reject(error) : resolve(zip),
    );
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

/** The entries of the central directory, one at a time. */
async function* zipEntries(zip: ZipFile): AsyncGenerator<Entry> {
  for (;;) {
    const entry = await new Promise<Entry | null>((resolve, reject) => {
      const cleanup = () => zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
      zip.once('entry', (found: Entry) => (cleanup(), resolve(found)));
      zip.once('end', () => (cleanup(), resolve(null)));
      zip.once('error', (error: Error) => (cleanup(), reject(withOwnNameCheck(error))));
      zip.readEntry();
    });
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
  // Permission bits only (no setuid), always readable and writable by the owner; 644 when absent.
  const bits = unixMode & 0o777;
  return { name: entry.fileName, kind, size: entry.uncompressedSize, mode: bits ? bits | 0o600 : 0o644 };
}

/** Fails the stream when the content's CRC-32 differs from the one the archive records. */
function crcCheck(expected: number, name: string): Transform {
  let crc = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      crc = crc32(chunk, crc);
      callback(null, chunk);
    },
    flush(callback) {
      callback(crc >>> 0 === expected >>> 0 ? null : new ArchiveRejectedError(`the entry "${name}" is damaged (checksum mismatch).`));
    },
  });
}

/** Reads every entry's header (nothing is inflated) through the checker. */
export async function scanZip(fd: number, checker: ArchiveChecker, maxEntries: number): Promise<void> {
  // Never zip.close(): it would close the caller's descriptor, which the caller closes itself.
  const zip = await openZip(fd);
  // The count is in the end-of-central-directory record: refused before reading any entry.
  if (zip.entryCount > maxEntries) throw new ArchiveRejectedError(`it holds more than ${maxEntries} entries.`);
  for await (const entry of zipEntries(zip)) checker.check(infoOf(entry));
}

/** Extracts into `staging` (an empty folder of our own, held by descriptor), checking every entry again. */
export async function extractZipInto(fd: number, staging: ConfinedDir, checker: ArchiveChecker, budget: DiskBudget): Promise<void> {
  const zip = await openZip(fd);
  for await (const entry of zipEntries(zip)) {
    const info = infoOf(entry);
    const segments = checker.check(info);
    if (info.kind === 'directory') {
      const dir = await stagedFolder(staging, segments);
      if (dir !== staging) await dir.close();
      continue;
    }
    const content = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error) : resolve(stream))));
    await writeStagedFile(staging, segments, info.mode, content, [crcCheck(entry.crc32, entry.fileName), byteCounter((bytes) => budget.take(bytes))]);
  }
}
