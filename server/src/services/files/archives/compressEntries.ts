import type { Stats } from 'node:fs';
import { HttpError } from '../../../lib/errors';
import type { ConfinedDir, Located, RootedFileSystem } from '../../../runtime/RootedFileSystem';
import { byteCounter } from '../byteCounter';
import { checkUserPath, joinUserPath } from '../checkUserPath';
import type { DiskBudget } from '../DiskQuota';
import { tarGzInto, zipInto } from './archiveStreams';
import { packEntries, type PackEntry } from './packEntries';

/** `archive-2024-05-01T12-30-00.zip`, with " 2", " 3" … when taken. */
async function archiveName(folder: ConfinedDir, format: 'zip' | 'tar.gz'): Promise<string> {
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
  for (let n = 1; ; n += 1) {
    const name = `archive-${stamp}${n > 1 ? ` ${n}` : ''}.${format}`;
    if (!(await folder.lstatOrNull(name))) return name;
  }
}

/** The name below `folder` of a located entry; null when it is not below it (reached through a link). */
function nameBelow(folder: ConfinedDir, { dir, name }: Located): string | null {
  const path = dir.child(name);
  if (!folder.path) return path;
  return path.startsWith(`${folder.path}/`) ? path.slice(folder.path.length + 1) : null;
}

/**
 * Packs entries of `root` into a new zip or tar.gz in `root`, written atomically (a failure, or
 * running out of disk space, leaves no partial archive). Every entry is read by descriptor (see
 * packEntries); symlinks are left out. Answers the archive's name and stats.
 */
export async function compressEntries(files: RootedFileSystem, root: string, names: string[], format: 'zip' | 'tar.gz', budget: DiskBudget): Promise<{ name: string; stats: Stats }> {
  return files.inDir(checkUserPath(root), async (folder) => {
    const sources: Array<Located & { path: string }> = [];
    try {
      for (const name of names) {
        const located = await files.locate(checkUserPath(joinUserPath(root, name)));
        sources.push({ ...located, path: '' });
        const path = located.name ? nameBelow(folder, located) : null;
        // An entry reached through a symlinked folder would land outside the archive's own tree.
        if (!path) throw new HttpError(400, 'Only entries inside the folder can be compressed.');
        sources[sources.length - 1].path = path;
        await located.dir.lstat(located.name);
      }
      const name = await archiveName(folder, format);
      const counter = byteCounter((bytes) => budget.take(bytes));
      const entries = (async function* (): AsyncGenerator<PackEntry> {
        for (const source of sources) yield* packEntries(source.dir, source.name, source.path);
      })();
      if (format === 'zip') zipInto(entries, counter);
      else tarGzInto(entries, counter);
      await files.writeStream(joinUserPath(root, name), counter, { createFolders: false });
      return { name, stats: await folder.lstat(name) };
    } finally {
      await Promise.all(sources.map((source) => source.dir.close()));
    }
  });
}
