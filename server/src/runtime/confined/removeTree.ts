import type { ConfinedDir } from './ConfinedDir';

const errno = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/** Entries of one folder that are not folders, unlinked at once: each is a round trip to the thread pool. */
const PARALLEL_UNLINKS = 8;

/**
 * Removes `name` of `dir`, which readdir said is not a folder: unlink never follows a link and
 * never removes a folder, so one that was swapped for a folder since is removed as a tree.
 */
async function removeEntry(dir: ConfinedDir, name: string): Promise<void> {
  try {
    await dir.unlink(name);
  } catch (error) {
    const code = errno(error);
    if (code === 'ENOENT') return;
    if (code !== 'EISDIR' && code !== 'EPERM') throw error;
    await removeTree(dir, name);
  }
}

/** Empties the open folder `dir`: its files and links a few at a time, then its folders one after the other. */
async function empty(dir: ConfinedDir): Promise<void> {
  const entries = await dir.readdirTypes();
  const others = entries.filter((entry) => !entry.isDirectory());
  for (let at = 0; at < others.length; at += PARALLEL_UNLINKS) {
    await Promise.all(others.slice(at, at + PARALLEL_UNLINKS).map((entry) => removeEntry(dir, entry.name)));
  }
  for (const entry of entries) if (entry.isDirectory()) await removeTree(dir, entry.name);
}

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
      await empty(child);
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
