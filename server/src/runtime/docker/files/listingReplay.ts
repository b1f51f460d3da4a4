import type { FileInfo } from '../../files/ServerFiles';

/**
 * A folder listed again unchanged is not sent again. The file manager lists a folder after every
 * change it makes and whenever it is opened, and a folder of 10,000 entries is some 1.5 MB of
 * JSON made by the helper, carried by the engine and parsed by the panel. The helper still
 * reads and stats every entry each time (a listing is never stale); when every entry is as it
 * was in the listing it last sent for that folder on this connection, it answers that listing's
 * number instead, and the panel answers the entries it kept.
 */
export type ListAnswer = { id: number; entries: FileInfo[] } | { same: number };

/** Folders remembered on each side, and entries in all: a few large folders. */
const MAX_FOLDERS = 4;
const MAX_ENTRIES = 40_000;

const sameEntry = (a: FileInfo, b: FileInfo) =>
  a.name === b.name &&
  a.kind === b.kind &&
  a.size === b.size &&
  a.mode === b.mode &&
  a.mtimeMs === b.mtimeMs &&
  a.ctimeMs === b.ctimeMs &&
  a.birthtimeMs === b.birthtimeMs &&
  a.linkTarget === b.linkTarget;

/** The last listings of a few folders, most recent last, by path; numbered. */
class Listings {
  private readonly folders = new Map<string, { id: number; entries: FileInfo[] }>();
  private entries = 0;

  get(path: string): { id: number; entries: FileInfo[] } | undefined {
    return this.folders.get(path);
  }

  set(path: string, id: number, entries: FileInfo[]): void {
    this.forget(path);
    if (entries.length > MAX_ENTRIES / 2) return;
    this.folders.set(path, { id, entries });
    this.entries += entries.length;
    for (const oldest of this.folders.keys()) {
      if (this.folders.size <= MAX_FOLDERS && this.entries <= MAX_ENTRIES) break;
      this.forget(oldest);
    }
  }

  forget(path: string): void {
    const known = this.folders.get(path);
    if (!known) return;
    this.folders.delete(path);
    this.entries -= known.entries.length;
  }
}

/** The helper's side: what it sent last for each folder, and whether a new listing is the same. */
export class SentListings {
  private readonly sent = new Listings();
  private nextId = 1;

  /** The answer to a listing of `path` whose entries are `entries`, the panel holding listing `known`. */
  answer(path: string, entries: FileInfo[], known: unknown): ListAnswer {
    const last = this.sent.get(path);
    if (last && last.id === known && last.entries.length === entries.length && entries.every((entry, i) => sameEntry(entry, last.entries[i]))) return { same: last.id };
    const id = this.nextId++;
    this.sent.set(path, id, entries);
    return { id, entries };
  }
}

/** The panel's side, one per helper connection (numbers are the helper's own). */
export class KeptListings {
  private readonly kept = new Listings();

  /** The number of the listing of `path` kept here, if any. */
  known(path: string): number | undefined {
    return this.kept.get(path)?.id;
  }

  /**
   * The entries of the answer: sent, or the ones kept (copied: a caller may change what it gets);
   * null when the listing it names is no longer kept here (the caller asks again without one).
   */
  entriesOf(path: string, answer: ListAnswer): FileInfo[] | null {
    if ('entries' in answer) {
      this.kept.set(path, answer.id, answer.entries);
      return answer.entries.map((entry) => ({ ...entry }));
    }
    const kept = this.kept.get(path);
    return kept?.id === answer.same ? kept.entries.map((entry) => ({ ...entry })) : null;
  }
}
