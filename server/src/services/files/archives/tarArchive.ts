import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Parser, type ReadEntry } from 'tar';
import type { ConfinedDir } from '../../../runtime/RootedFileSystem';
import type { DiskBudget } from '../DiskQuota';
import type { ArchiveChecker, ArchiveEntryInfo, ArchiveEntryKind } from './ArchiveChecker';
import { stagedFolder, writeStagedFile } from './extractedFiles';

/**
 * The file from its first byte, read through the caller's descriptor (an fs.ReadStream would
 * close it when destroyed, and both passes read the same open file).
 */
function readFromStart(handle: FileHandle): Readable {
  return Readable.from(
    (async function* () {
      for (let position = 0; ;) {
        const buffer = Buffer.allocUnsafe(64 * 1024);
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
        if (bytesRead === 0) return;
        position += bytesRead;
        yield buffer.subarray(0, bytesRead);
      }
    })(),
  );
}

const KINDS: Record<string, ArchiveEntryKind> = {
  File: 'file',
  OldFile: 'file',
  ContiguousFile: 'file',
  Directory: 'directory',
  SymbolicLink: 'symlink',
  Link: 'hardlink',
};

function infoOf(entry: ReadEntry): ArchiveEntryInfo {
  const kind = KINDS[entry.type] ?? 'other';
  return { name: entry.path, kind, size: kind === 'file' ? (entry.size ?? 0) : 0 };
}

/**
 * Reads every header of a tar or tar.gz (gzip is detected) through the checker, inflating the
 * stream but writing nothing; stops at the first refused entry, so a bomb is not inflated
 * further than its first oversized header.
 */
export function scanTar(handle: FileHandle, checker: ArchiveChecker): Promise<void> {
  return new Promise((resolve, reject) => {
    const input = readFromStart(handle);
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      input.destroy();
      reject(error);
    };
    const parser = new Parser({
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        if (!failed) {
          try {
            checker.check(infoOf(entry));
          } catch (error) {
            fail(error);
            parser.abort(error as Error);
          }
        }
        entry.resume();
      },
    });
    parser.on('error', fail);
    parser.on('abort', fail);
    input.on('error', fail);
    parser.on('close', () => (failed ? undefined : resolve()));
    input.pipe(parser);
  });
}

/**
 * Extracts into `staging` (an empty folder of our own, held by descriptor), every entry checked
 * again and written by descriptor (see writeStagedFile); owners and special mode bits are not
 * kept. Entries are taken one at a time, each file's content flowing to disk as it is read.
 */
export async function extractTarInto(handle: FileHandle, staging: ConfinedDir, checker: ArchiveChecker, budget: DiskBudget): Promise<void> {
  let writing: Promise<void> = Promise.resolve();
  let refusal: unknown = null;
  const take = (entry: ReadEntry) => {
    const info = infoOf(entry);
    const segments = checker.check(info);
    budget.take(info.size);
    const mode = ((entry.mode ?? 0o644) & 0o777) | 0o600;
    return info.kind === 'directory'
      ? stagedFolder(staging, segments)
          .then((dir) => (dir !== staging ? dir.close() : undefined))
          .then(() => void entry.resume()) // Through a Node stream: the entry is a Minipass stream, which stream.pipeline does not see end.
      : writeStagedFile(staging, segments, mode, () => Readable.from(entry), []);
  };
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      refusal ??= error;
      input.destroy();
      reject(error);
    };
    const parser = new Parser({
      strict: true,
      noResume: true,
      onReadEntry: (entry: ReadEntry) => {
        if (refusal) return void entry.resume();
        // The parser hands the next entry only once this one's content has been read.
        writing = writing
          .then(() => take(entry))
          .catch((error) => {
            fail(error);
            entry.resume();
          });
      },
    });
    const input = readFromStart(handle);
    input.on('error', fail);
    parser.on('error', fail);
    parser.on('close', () => void writing.then(() => (refusal ? reject(refusal) : resolve())));
    input.pipe(parser);
  });
}
