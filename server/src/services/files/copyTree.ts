import { promises as fs } from 'node:fs';
import type { ConfinedDir } from '../../runtime/RootedFileSystem';
import { fdPath } from '../../runtime/confined/ConfinedDir';
import type { DiskBudget } from './DiskQuota';

/**
 * Copies `name` of `from` to the new `toName` of `to`, folders with their content. Every folder
 * is opened by descriptor without following links and every file is read and written through
 * descriptors opened with O_NOFOLLOW, so a folder swapped for a link meanwhile cannot pull in
 * files from outside nor push the copy out. Links are copied as links (never followed); other
 * special files are left out. Each file's bytes count against `budget` before they are copied.
 */
export async function copyTree(from: ConfinedDir, name: string, to: ConfinedDir, toName: string, budget: DiskBudget): Promise<void> {
  const stats = await from.lstat(name);
  if (stats.isSymbolicLink()) {
    await to.symlink(await from.readlink(name), toName);
  } else if (stats.isDirectory()) {
    await to.mkdir(toName, (stats.mode & 0o777) | 0o700);
    const [source, target] = [await from.openDir(name), await to.openDir(toName)];
    try {
      for (const entry of await source.readdir()) await copyTree(source, entry, target, entry, budget);
      await fs.utimes(target.self, stats.atime, stats.mtime);
    } finally {
      await Promise.all([source.close(), target.close()]);
    }
  } else if (stats.isFile()) {
    const { handle: input, stats: opened } = await from.openRead(name);
    try {
      budget.take(opened.size);
      const output = await to.createFile(toName, opened.mode & 0o777);
      try {
        // Both ends by descriptor: the file opened is the file copied (copy_file_range when it can).
        await fs.copyFile(fdPath(input.fd), fdPath(output.fd));
        await output.utimes(opened.atime, opened.mtime);
      } finally {
        await output.close();
      }
    } finally {
      await input.close();
    }
  }
}
