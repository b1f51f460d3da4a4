import { promises as fs, type Stats } from 'node:fs';
import type { RootedFileSystem } from '../runtime/RootedFileSystem';
import type { FileEntryJson } from '../routes/files/schemas';
import { checkUserPath } from './checkUserPath';
import { sortKey, sortKeyed } from './entryOrder';
import { ListingMemo, madeFrom, statFields, type ListedEntry } from './ListingMemo';
import { lstatNames } from './lstatNames';
import { isSymlinkStats, toFileEntry, type StatFields } from './toFileEntry';

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

// Entries of recently listed folders, reused while their stats stay the same: room for two folders
// of 10,000 entries, about 20 MB at most.
const memo = new ListingMemo(20_000);

/** The listed entry of `name` with these `stats`: the remembered one when they are unchanged. */
function listedEntry(name: string, stats: StatFields, target: StatFields | null, remembered: ListedEntry | undefined): ListedEntry {
  if (remembered && !isSymlinkStats(stats) && madeFrom(remembered, stats)) return remembered;
  const entry = toFileEntry(name, stats, target);
  return { entry, key: sortKey(entry), ...statFields(stats) };
}

/** The entries of `names` in `folder`, leaving out those that vanished; symlinks are finished last. */
async function readEntries(files: RootedFileSystem, folder: string, names: string[]): Promise<Map<string, ListedEntry>> {
  // Plain concatenation: the names come from readdir (no slashes), and path.join's normalising
  // of 10,000 paths cost a fifth of the time of the stats themselves.
  const prefix = folder.endsWith('/') ? folder : `${folder}/`;
  const stats = await lstatNames(prefix, names);
  const remembered = memo.get(folder);
  const listed = new Map<string, ListedEntry>();
  const links: number[] = [];
  for (let i = 0; i < names.length; i += 1) {
    const fields = stats[i];
    if (!fields) continue;
    if (isSymlinkStats(fields)) links.push(i);
    else listed.set(names[i], listedEntry(names[i], fields, null, remembered?.get(names[i])));
  }
  for (const i of links) listed.set(names[i], listedEntry(names[i], stats[i]!, await linkTarget(files, prefix + names[i]), undefined));
  return listed;
}

/** The entries of a folder, sorted, and whether the folder was remembered from an earlier listing. */
async function listRows(files: RootedFileSystem, directory: string): Promise<{ rows: ListedEntry[]; again: boolean }> {
  const folder = await files.resolve(checkUserPath(directory));
  const again = memo.get(folder) !== undefined;
  const listed = await readEntries(files, folder, await fs.readdir(folder));
  memo.remember(folder, listed);
  return { rows: sortKeyed([...listed.values()]), again };
}

/**
 * The entries of a folder, sorted (folders first, then by name). Entries that vanish while
 * listing are left out. Symlinks are listed, and followed only to tell whether they lead to a
 * folder inside the root.
 */
export async function listDirectory(files: RootedFileSystem, directory: string): Promise<FileEntryJson[]> {
  return (await listRows(files, directory)).rows.map(({ entry }) => entry);
}

/**
 * {@link listDirectory} as the UTF-8 bytes of `{"data":[…entries]}`, the list route's answer.
 * The entries come from toFileEntry with exactly the schema's fields in its order, so the
 * schema-driven serialiser (which escapes every string and re-parses every date) has nothing to
 * add: V8's JSON.stringify writes the 2 MB of a 10,000-entry folder in half its time, and bytes
 * spare the reply measuring and encoding the text again. The first listing of a folder is
 * written in one piece; listing it again, each entry keeps its JSON text with it in the memo, so
 * later listings only join the texts of unchanged entries.
 */
export async function listDirectoryJson(files: RootedFileSystem, directory: string): Promise<Buffer> {
  const { rows, again } = await listRows(files, directory);
  if (!again) return Buffer.from(JSON.stringify({ data: rows.map(({ entry }) => entry) }));
  return Buffer.from(`{"data":[${rows.map((row) => (row.json ??= JSON.stringify(row.entry))).join(',')}]}`);
}
