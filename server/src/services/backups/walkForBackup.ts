import ignore from 'ignore';
import type { ServerFiles, WalkEntry } from '../../runtime/files/ServerFiles';

/** Folders the panel itself keeps in a server's root while restoring; never backed up. */
export const PANEL_INTERNAL = /^\.panel-restore(-|$)/;

/** An entry of a plan: what the archive needs of it (kept small: a plan holds every entry of the server's files). */
export type PlannedEntry = Pick<WalkEntry, 'path' | 'kind' | 'size'>;

/** What a backup will hold: the entries of the server's files, folders before their content. */
export interface BackupPlan {
  entries: PlannedEntry[];
  files: number;
  /** Sum of the files' sizes. */
  contentBytes: number;
  /** The size of the uncompressed tar stream (headers included), for progress. */
  tarBytes: number;
}

const block = (size: number) => Math.ceil(size / 512) * 512;
const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Walks the server's files through the file port, which never enters a link: links, sockets and
 * devices are left out, so a link can never pull a file from outside into the archive. Applies
 * the gitignore-style patterns and leaves out the panel's own restore folders.
 */
export async function walkForBackup(files: ServerFiles, patterns: string): Promise<BackupPlan> {
  const matcher = ignore().add(
    patterns
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  const skip = (path: string, info: { kind: string }) => {
    if (!path.includes('/') && PANEL_INTERNAL.test(path)) return true;
    if (info.kind === 'directory') return matcher.ignores(`${path}/`);
    return info.kind !== 'file' || matcher.ignores(path);
  };
  const plan: BackupPlan = { entries: [], files: 0, contentBytes: 0, tarBytes: 1024 };
  try {
    for await (const entry of files.walk('', { skip })) {
      // The walk describes links and devices without entering them; only files and folders go in.
      if (entry.kind !== 'file' && entry.kind !== 'directory') continue;
      plan.entries.push({ path: entry.path, kind: entry.kind, size: entry.size });
      plan.tarBytes += 512 + (entry.path.length > 99 ? 1536 : 0);
      if (entry.kind === 'file') {
        plan.files += 1;
        plan.contentBytes += entry.size;
        plan.tarBytes += block(entry.size);
      }
    }
  } catch (error) {
    // A server without files yet has no root: its archive has no entries.
    if (!isMissing(error) || plan.entries.length > 0) throw error;
  }
  return plan;
}
