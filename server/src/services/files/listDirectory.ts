import type { Stats } from 'node:fs';
import type { ConfinedDir, RootedFileSystem } from '../../runtime/RootedFileSystem';
import type { FileEntryJson } from '../../schemas/files';
import { checkUserPath } from './checkUserPath';
import { sortKey, sortKeyed } from './entryOrder';
import { folderStamp, ListingMemo, madeFrom, sameStamp, settledNames, type ListedEntry, type RememberedFolder } from './ListingMemo';
import { lstatNames } from '../../runtime/confined/lstatNames';
import { isSymlinkStats, toFileEntry, type StatFields } from './toFileEntry';

/** The stats of a symlink's target (`path` below the root) when it stays inside the root; null for one pointing out. */
export async function linkTarget(files: RootedFileSystem, path: string): Promise<Stats | null> {
  return files.stat(path).catch(() => null);
}

// Entries of recently listed folders, reused while their stats stay the same: room for two folders
// of 10,000 entries, about 25 MB at most with their names and answers.
const memo = new ListingMemo(20_000);

/** The listed entry of `name` with these `stats`: the remembered one when they are unchanged. */
function listedEntry(name: string, stats: StatFields, target: StatFields | null, remembered: ListedEntry | undefined): ListedEntry {
  if (remembered && !isSymlinkStats(stats) && madeFrom(remembered, stats)) return remembered;
  const entry = toFileEntry(name, stats, target);
  return { entry, key: sortKey(entry), mode: stats.mode, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, birthtimeMs: stats.birthtimeMs };
}

/** A folder's entries just read, and whether they are exactly the remembered ones. */
interface ReadFolder {
  listed: Map<string, ListedEntry>;
  /** Every entry reused from the last listing, and no entry more or less. */
  unchanged: boolean;
}

/** The entries of `names` in `folder`, leaving out those that vanished; symlinks are finished last. */
async function readEntries(files: RootedFileSystem, dir: ConfinedDir, names: string[], remembered: ReadonlyMap<string, ListedEntry> | undefined): Promise<ReadFolder> {
  // Relative to the folder's descriptor (the folder opened, whatever is swapped meanwhile). Plain
  // concatenation: the names come from readdir (no slashes), and path.join's normalising of
  // 10,000 paths cost a fifth of the time of the stats themselves.
  const prefix = `${dir.self}/`;
  const stats = await lstatNames(prefix, names);
  const listed = new Map<string, ListedEntry>();
  const links: number[] = [];
  let reused = 0;
  for (let i = 0; i < names.length; i += 1) {
    const fields = stats[i];
    if (!fields) continue;
    if (isSymlinkStats(fields)) {
      links.push(i);
      continue;
    }
    const before = remembered?.get(names[i]);
    const entry = listedEntry(names[i], fields, null, before);
    if (entry === before) reused += 1;
    listed.set(names[i], entry);
  }
  for (const i of links) listed.set(names[i], listedEntry(names[i], stats[i]!, await linkTarget(files, dir.child(names[i])), undefined));
  // Names are unique, so every entry reused and as many as before means the very same entries.
  return { listed, unchanged: remembered !== undefined && reused === listed.size && reused === remembered.size };
}

/**
 * A folder's names: those read last time while the folder's stamp is the same (and had settled
 * then, see SETTLED_MS), else read now. Reading 10,000 names costs a third as much as stat'ing
 * them all, which every listing still does.
 */
async function folderNames(dir: ConfinedDir, remembered: RememberedFolder | undefined): Promise<{ list: string[]; kept: RememberedFolder['names'] }> {
  // The stamp is taken before the names are read: a change in between makes the next stamp differ.
  const stamp = folderStamp(await dir.stat());
  if (remembered?.names && sameStamp(remembered.names.stamp, stamp)) return { list: remembered.names.list, kept: remembered.names };
  const readAt = Date.now();
  const list = await dir.readdir();
  return { list, kept: settledNames(list, stamp, readAt) };
}

/** A folder's entries read afresh, and what was remembered of it before. */
async function readFolder(files: RootedFileSystem, directory: string): Promise<ReadFolder & { folder: string; remembered?: RememberedFolder; names?: RememberedFolder['names'] }> {
  const dir = await files.openDir(checkUserPath(directory));
  try {
    // Remembered by where the folder really is (the kernel's answer for the descriptor).
    const folder = await dir.verify();
    const remembered = memo.get(folder);
    const { list, kept } = await folderNames(dir, remembered);
    return { folder, remembered, names: kept, ...(await readEntries(files, dir, list, remembered?.entries)) };
  } finally {
    await dir.close();
  }
}

/**
 * The entries of a folder, sorted (folders first, then by name). Entries that vanish while
 * listing are left out. Symlinks are listed, and followed only to tell whether they lead to a
 * folder inside the root.
 */
export async function listDirectory(files: RootedFileSystem, directory: string): Promise<FileEntryJson[]> {
  const { folder, listed, names, unchanged, remembered } = await readFolder(files, directory);
  memo.remember(folder, { entries: listed, names, answer: unchanged ? remembered?.answer : undefined });
  return sortKeyed([...listed.values()]).map(({ entry }) => entry);
}

/**
 * {@link listDirectory} as the UTF-8 bytes of `{"data":[…entries]}`, the list route's answer.
 * The entries come from toFileEntry with exactly the schema's fields in its order, so the
 * schema-driven serialiser (which escapes every string and re-parses every date) has nothing to
 * add: V8's JSON.stringify writes the 2 MB of a 10,000-entry folder in half its time, and bytes
 * spare the reply measuring and encoding the text again. The first listing of a folder is
 * written in one piece. Listing it again, each entry keeps its JSON text with it in the memo, so
 * a listing with some entries changed only joins the texts of the others; when none changed
 * (every entry stat'ed again and found as it was, none added or gone), the answer is the very
 * one sent last time.
 */
export async function listDirectoryJson(files: RootedFileSystem, directory: string): Promise<Buffer> {
  const { folder, listed, unchanged, remembered, names } = await readFolder(files, directory);
  if (unchanged && remembered?.answer) {
    memo.remember(folder, { entries: listed, answer: remembered.answer, names });
    return remembered.answer;
  }
  const rows = sortKeyed([...listed.values()]);
  const answer = remembered
    ? Buffer.from(`{"data":[${rows.map((row) => (row.json ??= JSON.stringify(row.entry))).join(',')}]}`)
    : Buffer.from(JSON.stringify({ data: rows.map(({ entry }) => entry) }));
  memo.remember(folder, { entries: listed, answer, names });
  return answer;
}
