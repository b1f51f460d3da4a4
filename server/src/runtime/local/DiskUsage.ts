import { promises as fs } from 'node:fs';
import { join } from 'node:path';

/** Sums the sizes of everything under `dir` (symlinks counted as links, never followed). */
export async function directorySize(dir: string): Promise<number> {
  let total = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    let entries;
    try {
      entries = await fs.readdir(current, { withFileTypes: true });
    } catch {
      continue; // removed while walking
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else total += await fs.lstat(path).then((s) => s.size, () => 0);
    }
  }
  return total;
}

/**
 * The disk use of a server's folder, walked at most once per `maxAgeMs` (walking a large world
 * every second would cost more than the game). Concurrent callers share one walk.
 */
export class DiskUsage {
  private bytes = 0;
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

  /** A value at most `maxAgeMs` old (or fresh when `fresh` is set). */
  async measure(fresh = false): Promise<number> {
    if (!fresh && Date.now() - this.measuredAt < this.maxAgeMs) return this.bytes;
    this.inFlight ??= directorySize(this.dir).then(
      (bytes) => {
        this.bytes = bytes;
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
