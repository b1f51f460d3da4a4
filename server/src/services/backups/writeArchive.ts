import { createHash } from 'node:crypto';
import { constants, promises as fs, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import { Header, Pax } from 'tar';
import type { ArchiveSink } from './BackupStorage';
import { compressedAlreadyLast, isCompressedAlready } from './archiveOrder';
import { deflatedMember, storedMember, type Emit, type GzipMember } from './gzipMembers';
import type { BackupPlan } from './walkForBackup';

/** What the archive came to. */
export interface ArchiveResult {
  checksum: string;
  bytes: number;
}

/** Progress: uncompressed bytes packed so far and in all. */
export type ProgressListener = (done: number, total: number) => void;

const BLOCK = 512;
/** The tar stream passes through a few buffers of this size, reused: the archive's memory stays flat. */
const BUFFER_BYTES = 256 * 1024;
const BUFFERS = 4;

/** A fixed set of buffers handed out and given back; `take` waits while all are in use. */
class BufferPool {
  private readonly free: Buffer[] = [];
  private readonly waiting: Array<(buffer: Buffer) => void> = [];

  constructor(count: number, bytes: number) {
    for (let i = 0; i < count; i++) this.free.push(Buffer.allocUnsafe(bytes));
  }

  take(): Promise<Buffer> {
    const buffer = this.free.pop();
    return buffer ? Promise.resolve(buffer) : new Promise((resolve) => this.waiting.push(resolve));
  }

  give(buffer: Buffer): void {
    const waiter = this.waiting.shift();
    if (waiter) waiter(buffer);
    else this.free.push(buffer);
  }
}

/**
 * Lays out the tar stream in the pool's buffers (headers copied in, file bodies read straight
 * into them) and hands each full buffer to the current gzip member. Many small files share one
 * buffer, so zlib gets a few large writes instead of three small ones per file.
 */
class TarLayout {
  private buffer: Buffer | null = null;
  private fill = 0;
  /** Bytes of the tar stream laid out so far. */
  laidOut = 0;

  constructor(
    private readonly pool: BufferPool,
    private member: GzipMember,
  ) {}

  private async room(): Promise<Buffer> {
    if (!this.buffer) {
      this.buffer = await this.pool.take();
      this.fill = 0;
    }
    return this.buffer;
  }

  private advance(count: number): void {
    this.fill += count;
    this.laidOut += count;
    if (this.fill === this.buffer!.length) this.flush();
  }

  /** Hands the buffer being filled to the member. */
  flush(): void {
    const buffer = this.buffer;
    if (!buffer) return;
    this.buffer = null;
    if (this.fill === 0) this.pool.give(buffer);
    else this.member.write(buffer.subarray(0, this.fill), () => this.pool.give(buffer));
  }

  /** Ends the current member and continues the stream in `next`. */
  async switchTo(next: () => GzipMember): Promise<void> {
    this.flush();
    await this.member.end();
    this.member = next();
  }

  async end(): Promise<void> {
    this.flush();
    await this.member.end();
  }

  abort(): void {
    this.member.abort();
  }

  async put(bytes: Buffer): Promise<void> {
    for (let at = 0; at < bytes.length;) {
      const buffer = await this.room();
      const copied = bytes.copy(buffer, this.fill, at);
      at += copied;
      this.advance(copied);
    }
  }

  async zeros(count: number): Promise<void> {
    while (count > 0) {
      const buffer = await this.room();
      const take = Math.min(count, buffer.length - this.fill);
      buffer.fill(0, this.fill, this.fill + take);
      count -= take;
      this.advance(take);
    }
  }

  /** Reads `size` bytes of an open file into the stream; a file that shrank meanwhile is padded with zeros. */
  async body(file: fs.FileHandle, size: number): Promise<void> {
    let position = 0;
    while (position < size) {
      const buffer = await this.room();
      const { bytesRead } = await file.read(buffer, this.fill, Math.min(size - position, buffer.length - this.fill), position);
      if (bytesRead === 0) break;
      position += bytesRead;
      this.advance(bytesRead);
    }
    await this.zeros(size - position + ((BLOCK - (size % BLOCK)) % BLOCK));
  }
}

/** Modes as a portable archive keeps them: owner can read and write, no group or world write; folders listable. */
function portableMode(mode: number, folder: boolean): number {
  let fixed = ((mode & 0o7777) | 0o600) & ~0o22;
  if (folder) fixed |= ((fixed & 0o444) >> 2) & 0o111;
  return fixed;
}

/** The header of an entry (with a pax header before it when its name does not fit ustar's fields), encoded in `headerBlock`. */
async function putHeader(tar: TarLayout, headerBlock: Buffer, path: string, stats: Stats, folder: boolean): Promise<void> {
  const fields = {
    path: folder ? `${path}/` : path,
    mode: portableMode(stats.mode, folder),
    size: folder ? 0 : stats.size,
    mtime: folder ? undefined : stats.mtime,
    type: folder ? ('Directory' as const) : ('File' as const),
  };
  headerBlock.fill(0);
  const header = new Header(fields);
  header.encode(headerBlock);
  if (header.needPax) await tar.put(new Pax({ path: fields.path, size: fields.size, mtime: fields.mtime }).encode());
  await tar.put(headerBlock);
}

/**
 * Opens an entry of the plan without following links: O_NOFOLLOW refuses a file swapped for a
 * link since the walk, and where the opened file really is (Linux's /proc/self/fd) must be inside
 * the root, so a folder swapped for a link by the game server's own code cannot pull the host's
 * files into a backup it could then download. O_NONBLOCK: a FIFO cannot hang the backup.
 * Answers null for what is gone, has left the root, or is no longer a file or folder.
 */
async function openEntry(realRoot: string, path: string): Promise<{ file: fs.FileHandle; stats: Stats } | null> {
  const file = await fs.open(join(realRoot, path), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => null);
  if (!file) return null;
  const stats = await file.stat().catch(() => null);
  const opened = await fs.readlink(`/proc/self/fd/${file.fd}`).catch(() => null);
  const inside = opened === null || opened.startsWith(`${realRoot}${sep}`);
  if (stats && inside && (stats.isFile() || stats.isDirectory())) return { file, stats };
  await file.close();
  return null;
}

/**
 * Streams a tar.gz of `plan.paths` (relative to `root`) into `sink`: tar → gzip → SHA-256 and
 * size → storage. The files that are compressed already (region files, jars, archives) come last,
 * in a second gzip member that only stores: deflate's search finds nothing in them and took most
 * of a backup's time. Everything before is deflated at level 1. The stream passes through a few
 * reused buffers, so memory stays flat whatever the size. Resolves once the sink is durable.
 */
export async function writeArchive(root: string, plan: BackupPlan, sink: ArchiveSink, onProgress: ProgressListener, signal?: AbortSignal): Promise<ArchiveResult> {
  const hash = createHash('sha256');
  let bytes = 0;
  let failure: Error | null = null;
  const fail = (error: Error) => (failure ??= error);
  const stream = sink.stream;
  const emit: Emit = (chunk, done) => {
    hash.update(chunk);
    bytes += chunk.length;
    // A sink that may hold on to a chunk after its callback gets a copy of reused memory.
    const data = done && sink.keepsChunks ? Buffer.from(chunk) : chunk;
    stream.write(data, (error) => {
      if (error) fail(error);
      done?.(error);
    });
  };
  // The deflated member pauses while the sink is full; a sink that failed (closed) lets it run out.
  const waitForRoom = (resume: () => void): boolean => {
    if (!stream.writableNeedDrain || stream.destroyed) return false;
    const go = () => {
      stream.off('drain', go);
      stream.off('close', go);
      resume();
    };
    stream.on('drain', go);
    stream.on('close', go);
    return true;
  };
  const onStreamError = (error: Error) => fail(error);
  stream.on('error', onStreamError);

  const tar = new TarLayout(new BufferPool(BUFFERS, BUFFER_BYTES), deflatedMember(emit, fail, waitForRoom));
  const headerBlock = Buffer.alloc(BLOCK);
  let storing = false;
  let lastReport = 0;
  try {
    // A server without files yet has no root: its archive has no entries.
    const realRoot = await fs.realpath(root).catch(() => root);
    for (const path of compressedAlreadyLast(plan.paths)) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The backup was stopped.');
      if (failure) throw failure;
      const entry = await openEntry(realRoot, path);
      if (!entry) continue;
      try {
        const folder = entry.stats.isDirectory();
        if (!folder && !storing && isCompressedAlready(path)) {
          storing = true;
          await tar.switchTo(() => storedMember(emit));
        }
        await putHeader(tar, headerBlock, path, entry.stats, folder);
        if (!folder) await tar.body(entry.file, entry.stats.size);
      } finally {
        await entry.file.close();
      }
      const now = Date.now();
      if (now - lastReport >= 250) {
        lastReport = now;
        onProgress(Math.min(tar.laidOut, plan.tarBytes), plan.tarBytes);
      }
    }
    // The end of a tar archive: two empty blocks.
    await tar.zeros(2 * BLOCK);
    await tar.end();
    await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
    if (failure) throw failure;
    await sink.finish();
  } catch (error) {
    tar.abort();
    await sink.abort().catch(() => undefined);
    throw error;
  } finally {
    stream.off('error', onStreamError);
  }
  onProgress(plan.tarBytes, plan.tarBytes);
  return { checksum: hash.digest('hex'), bytes };
}
