import type { Stats } from 'node:fs';
import type { ConfinedDir } from '../../confined/ConfinedDir';
import { lstatNames } from '../../confined/lstatNames';
import type { FileInfo } from '../ServerFiles';
import { fileInfoOf } from './fileInfo';

/**
 * What a folder's own stats say about its names: adding, removing or renaming an entry gives
 * the folder a new ctime (and mtime), and a folder made anew at the same path has its own.
 */
interface FolderStamp {
  dev: number;
  ino: number;
  mtimeMs: number;
  ctimeMs: number;
}

const stampOf = (stats: Stats): FolderStamp => ({ dev: stats.dev, ino: stats.ino, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs });
const sameStamp = (a: FolderStamp, b: FolderStamp) => a.dev === b.dev && a.ino === b.ino && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;

// How long before a read of a folder its last change must have been for its names to be trusted
// while its stamp stays the same. File times come from a clock that lags by up to a tick, and
// some filesystems keep whole seconds (or two): a change made just after the read could bear
// the same time as the one before it. With a change this much older, any later one is seen.
export const SETTLED_MS = 2_000;

/** Whether names read at `readAt` may be trusted while the folder keeps `stamp` (its last change was SETTLED_MS before). */
export const isSettled = (stamp: Pick<FolderStamp, 'mtimeMs' | 'ctimeMs'>, readAt: number): boolean => stamp.ctimeMs < readAt - SETTLED_MS && stamp.mtimeMs < readAt - SETTLED_MS;

// Names of recently listed folders (by their real location), most recent last: room for a few
// large folders. The file manager lists a folder again after every change it makes.
const MAX_NAMES = 40_000;
const remembered = new Map<string, { stamp: FolderStamp; names: string[] }>();
let rememberedNames = 0;

function remember(key: string, stamp: FolderStamp, names: string[]): void {
  const before = remembered.get(key);
  if (before) {
    remembered.delete(key);
    rememberedNames -= before.names.length;
  }
  if (names.length > MAX_NAMES / 2) return;
  remembered.set(key, { stamp, names });
  rememberedNames += names.length;
  for (const [oldest, folder] of remembered) {
    if (rememberedNames <= MAX_NAMES) break;
    remembered.delete(oldest);
    rememberedNames -= folder.names.length;
  }
}

/**
 * A folder's names: those read last time while the folder's stamp is the same (and had settled
 * then, see SETTLED_MS), else read now. Reading 10,000 names costs a third as much as stat'ing
 * them all, which every listing still does.
 */
async function folderNames(dir: ConfinedDir, keep: boolean): Promise<string[]> {
  // The stamp is taken before the names are read: a change in between makes the next stamp differ.
  const stamp = stampOf(await dir.stat());
  const key = `${dir.rootReal}\0${dir.path}`;
  const known = remembered.get(key);
  if (known && sameStamp(known.stamp, stamp)) return known.names;
  const readAt = Date.now();
  const names = await dir.readdir();
  if (!keep) return names;
  if (isSettled(stamp, readAt)) remember(key, stamp, names);
  else if (known) remember(key, known.stamp, []);
  return names;
}

/** Options of {@link listRooted}. */
export interface ListOptions {
  /**
   * Keep the folder's names for the next listing (true by default: the file manager lists a folder
   * again after each change it makes). A walk reads each folder once: a backup's walk kept every
   * folder of the server in the cache, tens of thousands of names held in memory after it ended,
   * each one surviving the collector's young generation and growing it for the whole backup.
   */
  remember?: boolean;
}

/**
 * The entries of the open folder `dir`, links described (with where they point), never
 * followed. Names are stat'ed relative to the folder's descriptor in batches (a large folder
 * shared with a worker thread, see lstatNames); plain concatenation, as the names come from
 * readdir and hold no slash. Entries that vanished meanwhile are left out.
 */
export async function listRooted(dir: ConfinedDir, options: ListOptions = {}): Promise<FileInfo[]> {
  const names = await folderNames(dir, options.remember ?? true);
  const stats = await lstatNames(`${dir.self}/`, names);
  const out: FileInfo[] = [];
  for (let i = 0; i < names.length; i += 1) {
    const fields = stats[i];
    if (!fields) continue;
    const info = fileInfoOf(names[i], fields);
    if (info.kind === 'symlink') {
      const target = await dir.readlink(names[i]).catch(() => null);
      if (target === null) continue;
      info.linkTarget = target;
    }
    out.push(info);
  }
  return out;
}
