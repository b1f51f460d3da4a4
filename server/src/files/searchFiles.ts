import { promises as fs } from 'node:fs';
import { join, relative } from 'node:path';
import type { RootedFileSystem } from '../runtime/RootedFileSystem';
import type { FileEntryJson } from '../routes/files/schemas';
import { checkUserPath } from './checkUserPath';
import type { FileLimits } from './fileLimits';
import { compareEntries } from './entryOrder';
import { toFileEntry } from './toFileEntry';

/** A name test: `*` and `?` are wildcards over the whole name, otherwise a part of the name; case-insensitive. */
export function namePattern(pattern: string): (name: string) => boolean {
  const lower = pattern.toLowerCase();
  if (!/[*?]/.test(lower)) return (name) => name.toLowerCase().includes(lower);
  const source = lower.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  const regex = new RegExp(`^${source}$`, 's');
  return (name) => regex.test(name.toLowerCase());
}

/**
 * Entries under `directory` whose name matches, breadth first (nearer ones first), symlinks
 * listed but never followed. Stops after `searchResults` hits or `searchVisited` entries.
 */
export async function searchFiles(files: RootedFileSystem, directory: string, pattern: string, limits: FileLimits): Promise<Array<FileEntryJson & { path: string }>> {
  const matches = namePattern(pattern);
  const rootReal = await fs.realpath(files.root);
  const start = await files.resolve(checkUserPath(directory));
  const found: Array<FileEntryJson & { path: string }> = [];
  let visited = 0;
  let level = [start];
  while (level.length > 0 && found.length < limits.searchResults && visited < limits.searchVisited) {
    const next: string[] = [];
    for (const folder of level) {
      const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
      visited += entries.length;
      for (const entry of entries) {
        const absolute = join(folder, entry.name);
        if (entry.isDirectory()) next.push(absolute);
        if (!matches(entry.name) || found.length >= limits.searchResults) continue;
        const stats = await fs.lstat(absolute).catch(() => null);
        if (stats) found.push({ ...toFileEntry(entry.name, stats), path: `/${relative(rootReal, absolute)}` });
      }
      if (found.length >= limits.searchResults || visited >= limits.searchVisited) break;
    }
    level = next;
  }
  return found.sort((a, b) => compareEntries(a, b) || a.path.localeCompare(b.path));
}
