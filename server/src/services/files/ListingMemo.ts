import type { FileEntryJson } from '../../schemas/files';
import type { StatFields } from './toFileEntry';

/** A listed entry with its sort key and the stat fields it was made from. */
export interface ListedEntry {
  entry: FileEntryJson;
  /** Folders first, then the natural order of the name (see listDirectory's naturalSortKey). */
  key: string;
  mode: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  birthtimeMs: number;
  /** The entry's JSON text, made when the folder is listed again (see listDirectoryJson). */
  json?: string;
}

/** Whether `listed` was made from exactly these stats. */
export function madeFrom(listed: ListedEntry, stats: StatFields): boolean {
  return listed.mtimeMs === stats.mtimeMs && listed.ctimeMs === stats.ctimeMs && listed.size === stats.size && listed.mode === stats.mode && listed.birthtimeMs === stats.birthtimeMs;
}

/** A folder as listed last: its entries by name and the answer made of them. */
export interface RememberedFolder {
  entries: Map<string, ListedEntry>;
  /** The list route's answer for exactly these entries (see listDirectoryJson). */
  answer?: Buffer;
}

/**
 * The entries of the folders listed last, so that listing a folder again (the file manager does
 * after every change) re-makes only the entries whose stats changed. Every entry is still
 * stat'ed on every listing and reused only when its stats are the very ones it was made from:
 * an entry is a function of its name and those stats (symlinks, whose entry depends on their
 * target, are never reused), so a listing is never stale. A folder's answer is kept with its
 * entries, for a listing that finds every one of them unchanged (and no other); the port keeps
 * a folder's names itself where it can tell they are unchanged.
 * Folders are kept most recent first, up to `maxEntries` entries in all (about 0.5 KB each,
 * 1.3 KB with its JSON text and its part of the answer); a larger folder is not kept.
 */
export class ListingMemo {
  private readonly folders = new Map<string, RememberedFolder>();
  private entries = 0;

  constructor(private readonly maxEntries: number) {}

  /** What is remembered of `folder` (the server and the folder's path). */
  get(folder: string): Readonly<RememberedFolder> | undefined {
    return this.folders.get(folder);
  }

  /** Remembers `folder` as just listed, in place of what was remembered before. */
  remember(folder: string, listed: RememberedFolder): void {
    this.forget(folder);
    if (listed.entries.size > this.maxEntries) return;
    this.folders.set(folder, listed);
    this.entries += listed.entries.size;
    for (const oldest of this.folders.keys()) {
      if (this.entries <= this.maxEntries) break;
      this.forget(oldest);
    }
  }

  /** Entries remembered in all folders. */
  get size(): number {
    return this.entries;
  }

  private forget(folder: string): void {
    const remembered = this.folders.get(folder);
    if (!remembered) return;
    this.folders.delete(folder);
    this.entries -= remembered.entries.size;
  }
}
