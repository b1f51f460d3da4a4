import type { FileInfo, ServerFiles } from '../../runtime/files/ServerFiles';
import type { FileEntryJson } from '../../schemas/files';
import { checkUserPath } from './checkUserPath';
import { sortKey, sortKeyed } from './entryOrder';
import { ListingMemo, madeFrom, type ListedEntry, type RememberedFolder } from './ListingMemo';
import { toFileEntry, type StatFields } from './toFileEntry';

/** What a symlink's target is (`path` below the root) when it stays inside the root; null for one pointing out. */
export async function linkTarget(files: ServerFiles, path: string): Promise<FileInfo | null> {
  return files.stat(path).catch(() => null);
}

// Entries of recently listed folders, reused while their stats stay the same: room for two folders
// of 10,000 entries, about 25 MB at most with their answers.
const memo = new ListingMemo(20_000);

/** The listed entry of `name` with these `stats`: the remembered one when they are unchanged. */
function listedEntry(name: string, stats: FileInfo, target: StatFields | null, remembered: ListedEntry | undefined): ListedEntry {
  if (remembered && stats.kind !== 'symlink' && madeFrom(remembered, stats)) return remembered;
  const entry = toFileEntry(name, stats, target);
  return { entry, key: sortKey(entry), mode: stats.mode, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, birthtimeMs: stats.birthtimeMs };
}

/** A folder's entries just read, and whether they are exactly the remembered ones. */
interface ReadFolder {
  listed: Map<string, ListedEntry>;
  /** Every entry reused from the last listing, and no entry more or less. */
  unchanged: boolean;
}

/** The port path of `name` in the folder `directory`. */
const childPath = (directory: string, name: string) => `${directory.replace(/\/+$/, '')}/${name}`;

/**
 * A folder's entries read afresh through the port (links described, never followed), and what
 * was remembered of it before; symlinks are finished last, with what they point to.
 */
async function readFolder(files: ServerFiles, directory: string, serverKey: string): Promise<ReadFolder & { folder: string; remembered?: RememberedFolder }> {
  const infos = await files.list(checkUserPath(directory));
  // Remembered by server and path: an entry is reused only when its stats are the very same.
  const folder = `${serverKey}\0${directory
    .replace(/\\/g, '/')
    .split('/')
    .filter((part) => part && part !== '.')
    .join('/')}`;
  const remembered = memo.get(folder);
  const listed = new Map<string, ListedEntry>();
  const links: FileInfo[] = [];
  let reused = 0;
  for (const info of infos) {
    if (info.kind === 'symlink') {
      links.push(info);
      continue;
    }
    const before = remembered?.entries.get(info.name);
    const entry = listedEntry(info.name, info, null, before);
    if (entry === before) reused += 1;
    listed.set(info.name, entry);
  }
  for (const info of links) listed.set(info.name, listedEntry(info.name, info, await linkTarget(files, childPath(directory, info.name)), undefined));
  // Names are unique, so every entry reused and as many as before means the very same entries.
  const unchanged = remembered !== undefined && reused === listed.size && reused === remembered.entries.size;
  return { folder, remembered, listed, unchanged };
}

/**
 * The entries of a folder, sorted (folders first, then by name). Entries that vanish while
 * listing are left out. Symlinks are listed, and followed only to tell whether they lead to a
 * folder inside the root.
 */
export async function listDirectory(files: ServerFiles, directory: string, serverKey: string): Promise<FileEntryJson[]> {
  const { folder, listed, unchanged, remembered } = await readFolder(files, directory, serverKey);
  memo.remember(folder, { entries: listed, answer: unchanged ? remembered?.answer : undefined });
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
export async function listDirectoryJson(files: ServerFiles, directory: string, serverKey: string): Promise<Buffer> {
  const { folder, listed, unchanged, remembered } = await readFolder(files, directory, serverKey);
  if (unchanged && remembered?.answer) {
    memo.remember(folder, { entries: listed, answer: remembered.answer });
    return remembered.answer;
  }
  const rows = sortKeyed([...listed.values()]);
  const answer = remembered
    ? Buffer.from(`{"data":[${rows.map((row) => (row.json ??= JSON.stringify(row.entry))).join(',')}]}`)
    : Buffer.from(JSON.stringify({ data: rows.map(({ entry }) => entry) }));
  memo.remember(folder, { entries: listed, answer });
  return answer;
}
