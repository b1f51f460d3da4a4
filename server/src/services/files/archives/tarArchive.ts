import { Readable } from 'node:stream';
import { Parser, type ReadEntry } from 'tar';
import type { DiskBudget } from '../DiskQuota';
import type { ArchiveChecker, ArchiveEntryInfo, ArchiveEntryKind } from './ArchiveChecker';
import type { StagingSink } from './stagingSink';

/** The archive's bytes from its first one (each pass opens it anew). */
export type OpenArchive = () => Promise<Readable>;

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
export async function scanTar(open: OpenArchive, checker: ArchiveChecker): Promise<void> {
  const input = await open();
  return new Promise((resolve, reject) => {
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
 * Extracts into `staging` (an empty folder of our own), every entry checked again and written
 * through the sink; owners and special mode bits are not
 * kept. Entries are taken one at a time, each file's content flowing to disk as it is read.
 */
export async function extractTarInto(open: OpenArchive, staging: StagingSink, checker: ArchiveChecker, budget: DiskBudget): Promise<void> {
  const input = await open();
  let writing: Promise<void> = Promise.resolve();
  let refusal: unknown = null;
  const take = (entry: ReadEntry) => {
    const info = infoOf(entry);
    const segments = checker.check(info);
    budget.take(info.size);
    const mode = ((entry.mode ?? 0o644) & 0o777) | 0o600;
    return info.kind === 'directory'
      ? staging.folder(segments).then(() => void entry.resume())
      : // Through a Node stream: the entry is a Minipass stream, which stream.pipeline does not see end.
        staging.file(segments, mode, () => Readable.from(entry), []);
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
    input.on('error', fail);
    parser.on('error', fail);
    parser.on('close', () => void writing.then(() => (refusal ? reject(refusal) : resolve())));
    input.pipe(parser);
  });
}
