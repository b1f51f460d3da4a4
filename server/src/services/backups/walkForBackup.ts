import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import ignore from 'ignore';

/** Folders the panel itself keeps in a server's root while restoring; never backed up. */
export const PANEL_INTERNAL = /^\.panel-restore(-|$)/;

/** What a backup will hold: paths relative to the root (folders before their content). */
export interface BackupPlan {
  paths: string[];
  files: number;
  /** Sum of the files' sizes. */
  contentBytes: number;
  /** The size of the uncompressed tar stream (headers included), for progress. */
  tarBytes: number;
}

const block = (size: number) => Math.ceil(size / 512) * 512;

/**
 * Walks the server's root without following symlinks (lstat only; links are left out, so a link
 * can never pull a file from outside into the archive) and applies the gitignore-style patterns.
 */
export async function walkForBackup(root: string, patterns: string): Promise<BackupPlan> {
  const matcher = ignore().add(
    patterns
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  const plan: BackupPlan = { paths: [], files: 0, contentBytes: 0, tarBytes: 1024 };
  const visit = async (relative: string): Promise<void> => {
    const entries = await fs.readdir(relative === '' ? root : join(root, relative), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (relative === '' && PANEL_INTERNAL.test(entry.name)) continue;
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (matcher.ignores(`${path}/`)) continue;
        plan.paths.push(path);
        plan.tarBytes += 512 + (path.length > 99 ? 1536 : 0);
        await visit(path);
      } else if (entry.isFile()) {
        if (matcher.ignores(path)) continue;
        const stats = await fs.lstat(join(root, path)).catch(() => null);
        if (!stats?.isFile()) continue;
        plan.paths.push(path);
        plan.files += 1;
        plan.contentBytes += stats.size;
        plan.tarBytes += 512 + (path.length > 99 ? 1536 : 0) + block(stats.size);
      }
      // Symlinks, sockets, devices: left out.
    }
  };
  await visit('');
  return plan;
}
