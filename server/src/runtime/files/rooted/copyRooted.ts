import { promises as fs } from 'node:fs';
import type { ConfinedDir } from '../../confined/ConfinedDir';
import { fdPath } from '../../confined/ConfinedDir';

/**
 * Copies `name` of `from` to the new `toName` of `to`, folders with their content. Every folder
 * is opened by descriptor without following links and every file is read and written through
 * descriptors opened with O_NOFOLLOW, so a folder swapped for a link meanwhile cannot pull in
 * files from outside nor push the copy out. Links are copied as links (never followed); other
 * special files are left out. `onFile` hears each file's size before its bytes are copied.
 */
export async function copyRooted(from: ConfinedDir, name: string, to: ConfinedDir, toName: string, onFile: (bytes: number) => void): Promise<void> {
  const stats = await from.lstat(name);
  if (stats.isSymbolicLink()) {
    await to.symlink(await from.readlink(name), toName);
  } else if (stats.isDirectory()) {
    await to.mkdir(toName, (stats.mode & 0o777) | 0o700);
    const [source, target] = [await from.openDir(name), await to.openDir(toName)];
    try {
      for (const entry of await source.readdir()) await copyRooted(source, entry, target, entry, onFile);
      await fs.utimes(target.self, stats.atime, stats.mtime);
    } finally {
      await Promise.all([source.close(), target.close()]);
    }
  } else if (stats.isFile()) {
    const { handle: input, stats: opened } = await from.openRead(name);
    try {
      onFile(opened.size);
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
