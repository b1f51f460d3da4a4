import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';

/** First uid (and gid) of the range the sandboxes run as: far above any real user and the usual subuid ranges. */
export const SANDBOX_UID_BASE = 3_000_000;
/** How many uids the range holds (3,000,000 – 3,999,999). */
export const SANDBOX_UID_COUNT = 1_000_000;

/**
 * The unprivileged user each server's sandbox runs as, one per server. The uid is derived from the
 * server's uuid (a hash into the range, so panels on the same host rarely meet) and recorded in
 * `<dataDir>/runtime/sandbox-uids.json`, so it stays the same for the server's life; a hash that
 * meets another server's uid moves on to the next free one. The gid is the same number.
 */
export class SandboxUsers {
  private cache: Record<string, number> | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly file: string) {}

  /** The uid of a server, allocated and recorded on first use. */
  uidOf(uuid: string): Promise<number> {
    const next = this.queue.then(() => this.allocate(uuid));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Forgets a deleted server's uid (it may be handed out again). */
  release(uuid: string): Promise<void> {
    const next = this.queue.then(async () => {
      const table = await this.load();
      if (!(uuid in table)) return;
      delete table[uuid];
      await this.save(table);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async allocate(uuid: string): Promise<number> {
    const table = await this.load();
    const known = table[uuid];
    if (known !== undefined) return known;
    const taken = new Set(Object.values(table));
    const hash = createHash('sha256').update(uuid).digest().readUInt32BE(0) % SANDBOX_UID_COUNT;
    let offset = hash;
    while (taken.has(SANDBOX_UID_BASE + offset)) offset = (offset + 1) % SANDBOX_UID_COUNT;
    table[uuid] = SANDBOX_UID_BASE + offset;
    await this.save(table);
    return table[uuid];
  }

  private async load(): Promise<Record<string, number>> {
    if (this.cache) return this.cache;
    try {
      this.cache = JSON.parse(await fs.readFile(this.file, 'utf8')) as Record<string, number>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.cache = {};
    }
    return this.cache;
  }

  private async save(table: Record<string, number>): Promise<void> {
    const temp = `${this.file}.tmp`;
    await fs.writeFile(temp, JSON.stringify(table), { mode: 0o600 });
    await fs.rename(temp, this.file);
  }
}
