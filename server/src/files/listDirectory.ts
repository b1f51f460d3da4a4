import { promises as fs, type Stats } from 'node:fs';
import { join } from 'node:path';
import type { RootedFileSystem } from '../runtime/RootedFileSystem';
import type { FileEntryJson } from '../routes/files/schemas';
import { checkUserPath } from './checkUserPath';
import { toFileEntry } from './toFileEntry';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Folders first, then by name (natural order: file2 before file10). */
export function compareEntries(a: FileEntryJson, b: FileEntryJson): number {
  if (a.is_directory !== b.is_directory) return a.is_directory ? -1 : 1;
  return collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** The stats of a symlink's target when it stays inside the root; null for one pointing out. */
export async function linkTarget(files: RootedFileSystem, absolute: string): Promise<Stats | null> {
  try {
    const real = await fs.realpath(absolute);
    const root = await fs.realpath(files.root);
    if (real !== root && !real.startsWith(`${root}/`)) return null;
    return await fs.stat(real);
  } catch {
    return null;
  }
}

/**
 * The entries of a folder, sorted. One lstat per entry, run concurrently (the thread pool keeps
 * four in flight), so 10,000 entries list in tens of milliseconds. Entries that vanish while
 * listing are left out. Symlinks are never followed out of the root.
 */
export async function listDirectory(files: RootedFileSystem, directory: string): Promise<FileEntryJson[]> {
  const folder = await files.resolve(checkUserPath(directory));
  const names = await fs.readdir(folder);
  const entries = await Promise.all(
    names.map(async (name) => {
      const absolute = join(folder, name);
      const stats = await fs.lstat(absolute).catch(() => null);
      if (!stats) return null;
      return toFileEntry(name, stats, stats.isSymbolicLink() ? await linkTarget(files, absolute) : undefined);
    }),
  );
  return entries.filter((entry): entry is FileEntryJson => entry !== null).sort(compareEntries);
}
