import type { promises as fs, Stats } from 'node:fs';
import type { ConfinedDir } from '../../../runtime/RootedFileSystem';

/** One entry to pack: a folder, or a file held open by descriptor while the archive takes it. */
export interface PackEntry {
  path: string;
  stats: Stats;
  handle?: fs.FileHandle;
}

const skipped = (error: unknown) => ['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * The entries of `name` in `dir` (a folder with everything below it), named `path` in the
 * archive. Folders are opened by descriptor without following links and files read through
 * descriptors opened with O_NOFOLLOW, so a folder swapped for a link meanwhile never brings a
 * file from outside into the archive; links are left out, and so is what vanishes meanwhile. A
 * file's descriptor stays open until the consumer asks for the next entry.
 */
export async function* packEntries(dir: ConfinedDir, name: string, path: string): AsyncGenerator<PackEntry> {
  const stats = await dir.lstatOrNull(name);
  if (stats?.isDirectory()) {
    let child: ConfinedDir;
    try {
      child = await dir.openDir(name);
    } catch (error) {
      if (skipped(error)) return;
      throw error;
    }
    try {
      yield { path, stats };
      for (const entry of await child.readdir()) yield* packEntries(child, entry, `${path}/${entry}`);
    } finally {
      await child.close();
    }
  } else if (stats?.isFile()) {
    let opened: Awaited<ReturnType<ConfinedDir['openRead']>>;
    try {
      opened = await dir.openRead(name);
    } catch (error) {
      if (skipped(error)) return;
      throw error;
    }
    try {
      yield { path, stats: opened.stats, handle: opened.handle };
    } finally {
      await opened.handle.close();
    }
  }
}
