import type { RootedFileSystem } from '../../runtime/RootedFileSystem';
import type { FileEntryJson } from '../../schemas/files';
import { checkUserPath } from './checkUserPath';
import type { FileLimits } from './fileLimits';
import { compareEntries } from './entryOrder';
import { toFileEntry } from './toFileEntry';

/** A name test: `*` and `?` are wildcards over the whole name, otherwise a part of the name; case-insensitive. */
export function namePattern(pattern: string): (name: string) => boolean {
  const lower = pattern.toLowerCase();
  if (!/[*?]/.test(lower)) return (name) => name.toLowerCase().includes(lower);
  const source = lower
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  const regex = new RegExp(`^${source}$`, 's');
  return (name) => regex.test(name.toLowerCase());
}

/**
 * Entries under `directory` whose name matches, breadth first (nearer ones first), symlinks
 * listed but never followed. Each folder is opened by descriptor (see RootedFileSystem) and read
 * relative to it. Stops after `searchResults` hits or `searchVisited` entries.
 */
export async function searchFiles(files: RootedFileSystem, directory: string, pattern: string, limits: FileLimits): Promise<Array<FileEntryJson & { path: string }>> {
  const matches = namePattern(pattern);
  const start = await files.inDir(checkUserPath(directory), async (dir) => dir.path);
  const found: Array<FileEntryJson & { path: string }> = [];
  let visited = 0;
  let level = [start];
  while (level.length > 0 && found.length < limits.searchResults && visited < limits.searchVisited) {
    const next: string[] = [];
    for (const folder of level) {
      // A folder swapped for a link (leading out) since it was listed is skipped.
      await files
        .inDir(folder, async (dir) => {
          const entries = await dir.readdirTypes();
          visited += entries.length;
          for (const entry of entries) {
            const path = dir.child(entry.name);
            if (entry.isDirectory()) next.push(path);
            if (!matches(entry.name) || found.length >= limits.searchResults) continue;
            const stats = await dir.lstatOrNull(entry.name).catch(() => null);
            if (stats) found.push({ ...toFileEntry(entry.name, stats), path: `/${path}` });
          }
        })
        .catch(() => undefined);
      if (found.length >= limits.searchResults || visited >= limits.searchVisited) break;
    }
    level = next;
  }
  return found.sort((a, b) => compareEntries(a, b) || a.path.localeCompare(b.path));
}
