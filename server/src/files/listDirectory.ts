import { lstatSync, promises as fs, type Stats } from 'node:fs';
import { join } from 'node:path';
import type { RootedFileSystem } from '../runtime/RootedFileSystem';
import type { FileEntryJson } from '../routes/files/schemas';
import { checkUserPath } from './checkUserPath';
import { toFileEntry } from './toFileEntry';

/**
 * A key whose plain string order is the natural, case-insensitive order of names: digit runs are
 * padded so "file2" sorts before "file10". Computing it once per name and comparing plain strings
 * is several times faster than Intl.Collator over the ~130,000 comparisons of a 10,000-entry sort.
 */
export function naturalSortKey(name: string): string {
  return name.toLowerCase().replace(/\d+/g, (digits) => {
    const trimmed = digits.replace(/^0+(?=\d)/, '');
    return `${String.fromCharCode(0x30 + Math.min(trimmed.length, 40))}${trimmed}`;
  });
}

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Folders first, then by name (natural order: file2 before file10). */
export function compareEntries(a: FileEntryJson, b: FileEntryJson): number {
  if (a.is_directory !== b.is_directory) return a.is_directory ? -1 : 1;
  return byKey(naturalSortKey(a.name), naturalSortKey(b.name)) || byKey(a.name, b.name);
}

/** Sorts like {@link compareEntries}, each name's key computed once. */
export function sortEntries(entries: FileEntryJson[]): FileEntryJson[] {
  const keyed = entries.map((entry) => ({ entry, key: `${entry.is_directory ? 0 : 1}${naturalSortKey(entry.name)}` }));
  keyed.sort((a, b) => byKey(a.key, b.key) || byKey(a.entry.name, b.entry.name));
  return keyed.map(({ entry }) => entry);
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

// Entries stat'ed per turn of the event loop (see listDirectory).
const STAT_BATCH = 256;

/**
 * The lstat of every name, or null for one that vanished. The stats are taken synchronously in
 * batches, yielding to the event loop between batches: for a folder's entries (cached by the
 * kernel) a synchronous lstat costs a few microseconds, while a trip through the thread pool
 * costs ten times that, and batches of 256 keep every pause of the loop to a few milliseconds.
 */
async function lstatAll(folder: string, names: string[]): Promise<Array<Stats | null>> {
  const out: Array<Stats | null> = new Array(names.length);
  for (let start = 0; start < names.length; start += STAT_BATCH) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (let i = start; i < Math.min(names.length, start + STAT_BATCH); i += 1) {
      try {
        out[i] = lstatSync(join(folder, names[i]), { throwIfNoEntry: false }) ?? null;
      } catch {
        out[i] = null; // removed or unreadable while listing
      }
    }
  }
  return out;
}

/**
 * The entries of a folder, sorted (folders first, then by name). Entries that vanish while
 * listing are left out. Symlinks are listed, and followed only to tell whether they lead to a
 * folder inside the root.
 */
export async function listDirectory(files: RootedFileSystem, directory: string): Promise<FileEntryJson[]> {
  const folder = await files.resolve(checkUserPath(directory));
  const names = await fs.readdir(folder);
  const stats = await lstatAll(folder, names);
  const entries: FileEntryJson[] = [];
  for (let i = 0; i < names.length; i += 1) {
    const entry = stats[i];
    if (!entry) continue;
    entries.push(toFileEntry(names[i], entry, entry.isSymbolicLink() ? await linkTarget(files, join(folder, names[i])) : undefined));
  }
  return sortEntries(entries);
}
