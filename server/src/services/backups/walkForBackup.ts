import ignore from 'ignore';
import type { ArchivePlan, FileInfo, ServerFiles } from '../../runtime/files/ServerFiles';

/** Folders the panel itself keeps in a server's root while restoring; never backed up. */
export const PANEL_INTERNAL = /^\.panel-restore(-|$)/;

/**
 * What a backup will hold: the entries of the server's files, folders before their content. A
 * plan holds every entry of the server's files, so it keeps no object per entry (for a few
 * thousand files, objects were most of what a walk kept and made the garbage collector's young
 * generation grow): the paths, and their sizes at the same index.
 */
export interface BackupPlan extends ArchivePlan {
  files: number;
  /** Sum of the files' sizes. */
  contentBytes: number;
}

const block = (size: number) => Math.ceil(size / 512) * 512;
const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Walks the server's files through the file port, which never enters a link: links, sockets and
 * devices are left out, so a link can never pull a file from outside into the archive. Applies
 * the gitignore-style patterns and leaves out the panel's own restore folders.
 */
export async function walkForBackup(files: ServerFiles, patterns: string): Promise<BackupPlan> {
  const rules = patterns
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  // Without patterns nothing is asked of the matcher, which remembers every path it was asked about.
  const matcher = rules.length > 0 ? ignore().add(rules) : null;
  const skip = (path: string, info: FileInfo) => {
    if (!path.includes('/') && PANEL_INTERNAL.test(path)) return true;
    if (info.kind === 'directory') return matcher?.ignores(`${path}/`) ?? false;
    return info.kind !== 'file' || (matcher?.ignores(path) ?? false);
  };
  const plan: BackupPlan = { paths: [], sizes: [], files: 0, contentBytes: 0, tarBytes: 1024 };
  try {
    for await (const entry of files.walk('', { skip })) {
      // The walk describes links and devices without entering them; only files and folders go in.
      if (entry.kind !== 'file' && entry.kind !== 'directory') continue;
      const folder = entry.kind === 'directory';
      plan.paths.push(folder ? `${entry.path}/` : entry.path);
      plan.sizes.push(folder ? 0 : entry.size);
      plan.tarBytes += 512 + (entry.path.length > 99 ? 1536 : 0);
      if (!folder) {
        plan.files += 1;
        plan.contentBytes += entry.size;
        plan.tarBytes += block(entry.size);
      }
    }
  } catch (error) {
    // A server without files yet has no root: its archive has no entries.
    if (!isMissing(error) || plan.paths.length > 0) throw error;
  }
  return plan;
}
