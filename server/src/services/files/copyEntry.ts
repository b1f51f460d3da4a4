import { randomBytes } from 'node:crypto';
import { basename, extname } from 'node:path';
import type { ConfinedDir, RootedFileSystem } from '../../runtime/RootedFileSystem';
import { removeTree } from '../../runtime/confined/removeTree';
import { copyTree } from './copyTree';
import type { DiskBudget } from './DiskQuota';
import { atEntry } from './manageFiles';

/** "name copy.ext", then "name copy 2.ext" …: the first name free beside the original. */
async function copyName(dir: ConfinedDir, name: string, isDirectory: boolean): Promise<string> {
  const extension = isDirectory ? '' : extname(name);
  const stem = basename(name, extension);
  for (let n = 1; ; n += 1) {
    const candidate = `${stem} copy${n > 1 ? ` ${n}` : ''}${extension}`;
    if (!(await dir.lstatOrNull(candidate))) return candidate;
  }
}

/**
 * Copies a file or folder beside itself. Symlinks inside are copied as links (never followed),
 * so a copy cannot pull in files from outside the root. Answers the copy's name.
 */
export async function copyEntry(files: RootedFileSystem, location: string, budget: DiskBudget): Promise<string> {
  return atEntry(files, location, async ({ dir, name }) => {
    const stats = await dir.lstat(name);
    const target = await copyName(dir, name, stats.isDirectory());
    // Copied under a hidden name first, so a failure halfway leaves no partial copy.
    const temp = `.copy-${randomBytes(6).toString('hex')}`;
    try {
      await copyTree(dir, name, dir, temp, budget);
      await dir.rename(temp, dir, target);
    } catch (error) {
      await removeTree(dir, temp);
      throw error;
    }
    return target;
  });
}
