import type { FileEntryJson } from '../routes/files/schemas';
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

/** The stat fields an entry is made from (everything else in it comes from its name). */
export const statFields = (stats: StatFields): StatFields => ({ mode: stats.mode, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, birthtimeMs: stats.birthtimeMs });

/** Whether `listed` was made from exactly these stats. */
export function madeFrom(listed: ListedEntry, stats: StatFields): boolean {
  return listed.mtimeMs === stats.mtimeMs && listed.ctimeMs === stats.ctimeMs && listed.size === stats.size && listed.mode === stats.mode && listed.birthtimeMs === stats.birthtimeMs;
}

/**
 * The entries of the folders listed last, so that listing a folder again (the file manager does
 * after every change) re-makes only the entries whose stats changed. Every entry is still
 * stat'ed on every listing and reused only when its stats are the very ones it was made from:
 * an entry is a function of its name and those stats (symlinks, whose entry depends on their
 * target, are never reused), so a listing is never stale. Folders are kept most recent first,
 * up to `maxEntries` entries in all (about 0.5 KB each, 1 KB with its JSON text); a larger
 * folder is not kept.
 */
export class ListingMemo {
  private readonly folders = new Map<string, Map<string, ListedEntry>>();
  private entries = 0;

  constructor(private readonly maxEntries: number) {}

  /** The entries remembered for `folder` (an absolute path), by name. */
  get(folder: string): ReadonlyMap<string, ListedEntry> | undefined {
    return this.folders.get(folder);
  }

  /** Remembers the entries of `folder` just listed, in place of the older ones. */
  remember(folder: string, listed: Map<string, ListedEntry>): void {
    this.forget(folder);
    if (listed.size > this.maxEntries) return;
    this.folders.set(folder, listed);
    this.entries += listed.size;
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
    const listed = this.folders.get(folder);
    if (!listed) return;
    this.folders.delete(folder);
    this.entries -= listed.size;
  }
}
