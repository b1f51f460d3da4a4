import { promises as fs, type Dirent } from 'node:fs';
import { lstatNames } from '../confined/lstatNames';
import { diskVerdict, type DiskVerdict } from '../diskLimit';
import { fileSystemUsage, isMountRoot } from './disk/fileSystemUsage';

/**
 * The bytes of everything under `dir`: the sizes of its files, symlinks counted as links (never
 * followed), folders walked; entries removed while walking count nothing. The disk quota walks
 * a server's folder before every change that adds bytes, so it has to be quick for a world of
 * tens of thousands of files: each folder is read with its entry types, and its other entries
 * are stat'ed the way a listing stats them (lstatNames: synchronously in batches, a large folder
 * shared with a worker thread) instead of one trip through the thread pool per file, which made
 * the walk of 10,000 files take longer than receiving 20 MB.
 */
export async function directorySize(dir: string): Promise<number> {
  let total = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = await fs.readdir(current, { withFileTypes: true });
    } catch {
      continue; // removed while walking
    }
    const prefix = current.endsWith('/') ? current : `${current}/`;
    const others: string[] = [];
    for (const entry of entries) {
      if (entry.isDirectory()) pending.push(prefix + entry.name);
      else others.push(entry.name);
    }
    for (const stats of await lstatNames(prefix, others)) total += stats?.size ?? 0;
  }
  return total;
}

/**
 * The disk use of a server's folder. On a file system of its own (its disk image) it is statfs,
 * fresh at every call and as cheap as two stats; else the folder is walked, at most once per
 * `maxAgeMs` (walking a large world every second would cost more than the game), concurrent
 * callers sharing one walk.
 */
export class DiskUsage {
  private bytes = 0;
  /** Bytes the game may still write, known on a file system of its own (null: walked). */
  private available: number | null = null;
  private measuredAt = 0;
  private inFlight: Promise<number> | null = null;

  constructor(
    private readonly dir: string,
    private readonly maxAgeMs: number,
  ) {}

  /** The last measured value, without waiting. */
  get cached(): number {
    return this.bytes;
  }

  /** Whether the last figure is over the limit, or the server's own file system is (all but) full. */
  verdict(limitBytes: number): DiskVerdict {
    return diskVerdict(this.bytes, this.available, limitBytes);
  }

  /** A value at most `maxAgeMs` old (or fresh when `fresh` is set). */
  async measure(fresh = false): Promise<number> {
    if (await isMountRoot(this.dir)) {
      const usage = await fileSystemUsage(this.dir);
      this.bytes = usage.usedBytes;
      this.available = usage.availableBytes;
      this.measuredAt = Date.now();
      return this.bytes;
    }
    if (!fresh && this.available === null && Date.now() - this.measuredAt < this.maxAgeMs) return this.bytes;
    this.inFlight ??= directorySize(this.dir).then(
      (bytes) => {
        this.bytes = bytes;
        this.available = null;
        this.measuredAt = Date.now();
        this.inFlight = null;
        return bytes;
      },
      (error) => {
        this.inFlight = null;
        throw error;
      },
    );
    return this.inFlight;
  }
}

/** Bytes in use in a server's folder: statfs on its own file system, else a walk. */
export async function measureFolder(dir: string): Promise<number> {
  return (await isMountRoot(dir)) ? (await fileSystemUsage(dir)).usedBytes : directorySize(dir);
}
