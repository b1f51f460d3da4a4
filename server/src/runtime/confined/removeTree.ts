import type { ConfinedDir } from './ConfinedDir';

const errno = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/**
 * Removes `name` of `dir` with everything below it. Each folder is opened by descriptor without
 * following links and emptied relative to that descriptor, so a subfolder swapped for a link
 * meanwhile is removed as a link: nothing outside is ever touched. Missing entries are fine.
 */
export async function removeTree(dir: ConfinedDir, name: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const stats = await dir.lstatOrNull(name);
    if (!stats) return;
    if (!stats.isDirectory()) {
      await dir.unlink(name).catch((error) => {
        if (errno(error) !== 'ENOENT') throw error;
      });
      return;
    }
    let child: ConfinedDir;
    try {
      child = await dir.openDir(name);
    } catch (error) {
      // Swapped for something else since the look: look again.
      if (['ENOTDIR', 'ELOOP', 'ENOENT'].includes(errno(error) ?? '')) continue;
      throw error;
    }
    try {
      for (const entry of await child.readdir()) await removeTree(child, entry);
    } finally {
      await child.close();
    }
    try {
      await dir.rmdir(name);
      return;
    } catch (error) {
      const code = errno(error);
      if (code === 'ENOENT') return;
      // Something wrote into it meanwhile (a running game): empty it again.
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOTDIR') throw error;
    }
  }
  throw Object.assign(new Error(`"${dir.child(name)}" keeps changing and could not be removed.`), { code: 'ENOTEMPTY' });
}
