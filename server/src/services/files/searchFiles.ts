import type { ServerFiles } from '../../runtime/files/ServerFiles';
import type { FileEntryJson } from '../../schemas/files';
import { checkUserPath, pathParts } from './checkUserPath';
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
 * listed but never followed. Each folder is listed through the port (no link followed). Stops
 * after `searchResults` hits or `searchVisited` entries.
 */
export async function searchFiles(files: ServerFiles, directory: string, pattern: string, limits: FileLimits): Promise<Array<FileEntryJson & { path: string }>> {
  const matches = namePattern(pattern);
  const start = pathParts(checkUserPath(directory)).join('/');
  // The folder searched must be one (a missing folder or a file is an error, as listing it is).
  await files.list(start);
  const found: Array<FileEntryJson & { path: string }> = [];
  let visited = 0;
  let level = [start];
  while (level.length > 0 && found.length < limits.searchResults && visited < limits.searchVisited) {
    const next: string[] = [];
    for (const folder of level) {
      // A folder swapped for a link (leading out) since it was listed is skipped.
      const entries = await files.list(folder).catch(() => []);
      visited += entries.length;
      for (const entry of entries) {
        const path = folder ? `${folder}/${entry.name}` : entry.name;
        if (entry.kind === 'directory') next.push(path);
        if (matches(entry.name) && found.length < limits.searchResults) found.push({ ...toFileEntry(entry.name, entry), path: `/${path}` });
      }
      if (found.length >= limits.searchResults || visited >= limits.searchVisited) break;
    }
    level = next;
  }
  return found.sort((a, b) => compareEntries(a, b) || a.path.localeCompare(b.path));
}
