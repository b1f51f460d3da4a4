import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Parser, Unpack, type ReadEntry } from 'tar';
import type { DiskBudget } from '../DiskQuota';
import type { ArchiveChecker, ArchiveEntryInfo, ArchiveEntryKind } from './ArchiveChecker';

/**
 * The file from its first byte, read through the caller's descriptor (an fs.ReadStream would
 * close it when destroyed, and both passes read the same open file).
 */
function readFromStart(handle: FileHandle): Readable {
  return Readable.from(
    (async function* () {
      for (let position = 0; ; ) {
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
 * Extracts into `destination` (an empty folder of our own) with node-tar, every entry checked
 * again by the filter; owners and special mode bits are not kept.
 */
export async function extractTarInto(handle: FileHandle, destination: string, checker: ArchiveChecker, budget: DiskBudget): Promise<void> {
  let refusal: unknown = null;
  const filter = (_path: string, entry: unknown) => {
    if (refusal) return false;
    const read = entry as ReadEntry;
    try {
      const info = infoOf(read);
      checker.check(info);
      budget.take(info.size);
      read.mode = ((read.mode ?? 0o644) & 0o777) | 0o600;
      return true;
    } catch (error) {
      refusal = error;
      return false;
    }
  };
  await new Promise<void>((resolve, reject) => {
    const unpack = new Unpack({ cwd: destination, strict: true, preservePaths: false, preserveOwner: false, filter });
    const input = readFromStart(handle);
    input.on('error', reject);
    unpack.on('error', reject);
    unpack.on('close', () => resolve());
    input.pipe(unpack);
  });
  if (refusal) throw refusal;
}
