import { ArchiveRejectedError } from '../fileErrors';
import type { DiskBudget } from '../DiskQuota';
import { DiskQuotaError } from '../fileErrors';
import type { FileLimits } from '../fileLimits';

/** What an archive entry is; only files and folders are ever extracted. */
export type ArchiveEntryKind = 'file' | 'directory' | 'symlink' | 'hardlink' | 'other';

/** An entry as its archive declares it. */
export interface ArchiveEntryInfo {
  name: string;
  kind: ArchiveEntryKind;
  /** Uncompressed size in bytes (0 for folders). */
  size: number;
}

/**
 * The parts of an entry name inside the extraction folder. Refused: NUL bytes, absolute names
 * (`/x`, `C:\x`, `\\host\x`) and any `..` part, with `/` or `\` as separators. `.` parts and
 * empty parts are dropped; a name with nothing left is the folder itself (empty array).
 */
export function entrySegments(name: string): string[] {
  if (name.includes('\0')) throw new ArchiveRejectedError(`the entry name "${name.replace(/\0/g, '\\0')}" holds a NUL byte.`);
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) throw new ArchiveRejectedError(`the entry "${name}" has an absolute name.`);
  const segments = slashed.split('/').filter((part) => part !== '' && part !== '.');
  if (segments.includes('..')) throw new ArchiveRejectedError(`the entry "${name}" points outside the folder it is extracted to.`);
  return segments;
}

/**
 * Checks the entries of an archive one by one against the rules and limits: names (see
 * `entrySegments`), kinds (links and devices are refused), the entry count and the sum of
 * uncompressed sizes (the file manager's limit and the free disk space). Used to read the whole
 * archive before anything is written, and again while extracting.
 */
export class ArchiveChecker {
  entries = 0;
  bytes = 0;

  constructor(
    private readonly limits: Pick<FileLimits, 'extractEntries' | 'extractBytes'>,
    private readonly budget: Pick<DiskBudget, 'freeBytes' | 'limitBytes'>,
  ) {}

  /** Answers the entry's path parts; throws ArchiveRejectedError or DiskQuotaError. */
  check(entry: ArchiveEntryInfo): string[] {
    this.entries += 1;
    if (this.entries > this.limits.extractEntries) throw new ArchiveRejectedError(`it holds more than ${this.limits.extractEntries} entries.`);
    const segments = entrySegments(entry.name);
    if (entry.kind === 'symlink' || entry.kind === 'hardlink') throw new ArchiveRejectedError(`the entry "${entry.name}" is a link; archives with links are refused.`);
    if (entry.kind === 'other') throw new ArchiveRejectedError(`the entry "${entry.name}" is not a file or folder.`);
    if (entry.kind === 'file' && segments.length === 0) throw new ArchiveRejectedError(`the file entry "${entry.name}" has no name.`);
    this.bytes += entry.kind === 'file' ? entry.size : 0;
    if (this.bytes > this.limits.extractBytes) {
      throw new ArchiveRejectedError(`its content is larger than ${(this.limits.extractBytes / 1024 / 1024).toFixed(0)} MiB uncompressed.`);
    }
    if (this.bytes > this.budget.freeBytes) throw new DiskQuotaError(this.bytes, this.budget.freeBytes, this.budget.limitBytes);
    return segments;
  }
}
