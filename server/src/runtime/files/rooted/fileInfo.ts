import type { StatFields } from '../../confined/StatWorker';
import type { FileInfo, FileKind } from '../ServerFiles';

const S_IFMT = 0o170000;

/** The kind of entry a mode says. */
export function kindOf(mode: number): FileKind {
  switch (mode & S_IFMT) {
    case 0o100000:
      return 'file';
    case 0o040000:
      return 'directory';
    case 0o120000:
      return 'symlink';
    default:
      return 'other';
  }
}

/** A port entry from the stat fields of `name` (a Stats object has them all). */
export function fileInfoOf(name: string, stats: StatFields, linkTarget?: string): FileInfo {
  const info: FileInfo = { name, kind: kindOf(stats.mode), size: stats.size, mode: stats.mode, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, birthtimeMs: stats.birthtimeMs };
  if (linkTarget !== undefined) info.linkTarget = linkTarget;
  return info;
}

/** The last name of a port path ('' for the root). */
export const lastName = (path: string): string =>
  path
    .replace(/\\/g, '/')
    .split('/')
    .filter((part) => part && part !== '.')
    .pop() ?? '';
