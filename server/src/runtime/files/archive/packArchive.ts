import { Header, Pax } from 'tar';
import { PathEscapeError } from '../PathEscapeError';
import type { ArchivePlan, FileInfo, OpenFile, TreeReader } from '../ServerFiles';
import { archiveOrderOf, isCompressedAlready } from './archiveOrder';
import { deflatedMember, storedMember, type Emit, type GzipMember } from './gzipMembers';

/** Whether a path of a plan is a folder's. */
export const isPlannedFolder = (path: string): boolean => path.endsWith('/');

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

  /**
   * Reads `size` bytes of an open file straight into the stream's buffers; a file that shrank
   * meanwhile is padded with zeros, one that grew is cut at the size its header gave.
   */
  async body(file: OpenFile, size: number): Promise<void> {
    let position = 0;
    while (position < size) {
      const buffer = await this.room();
      const bytesRead = await file.read(buffer, this.fill, Math.min(size - position, buffer.length - this.fill), position);
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
async function putHeader(tar: TarLayout, headerBlock: Buffer, path: string, info: FileInfo, folder: boolean): Promise<void> {
  const fields = {
    path: folder ? `${path}/` : path,
    mode: portableMode(info.mode, folder),
    size: folder ? 0 : info.size,
    mtime: folder ? undefined : new Date(info.mtimeMs),
    type: folder ? ('Directory' as const) : ('File' as const),
  };
  headerBlock.fill(0);
  const header = new Header(fields);
  header.encode(headerBlock);
  if (header.needPax) await tar.put(new Pax({ path: fields.path, size: fields.size, mtime: fields.mtime }).encode());
  await tar.put(headerBlock);
}

/** An entry of the plan as it is when archived: a folder's own description, or a file opened for reading. */
type Looked = { folder: FileInfo } | { file: OpenFile } | null;

/**
 * Why a file of the plan may be left out: it is gone, is no longer a regular file, lies behind a
 * link or outside the root now, or the port may not read it. Any other failure (a file helper
 * that went away, descriptors run out) fails the backup instead: a backup that says it completed
 * holds every file that was there to read.
 */
const LEFT_OUT = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR', 'ENXIO', 'EACCES', 'EPERM']);
const leftOut = (error: unknown): null => {
  if (error instanceof PathEscapeError || LEFT_OUT.has((error as NodeJS.ErrnoException | null)?.code ?? '')) return null;
  throw error;
};

/**
 * What an entry of the plan is at the moment it is archived, looked at through the port's tree
 * reader: a folder's own description (a folder swapped for a link or removed since the walk is
 * left out, as its content is), a file opened for reading. The reader never follows a link and
 * refuses a file whose folder has left the root (a folder swapped for a link by the game server's
 * own code cannot pull the host's files into a backup it could then download), and it opens only
 * regular files (a FIFO cannot hang the backup). Null for what is gone or is no longer what the
 * walk saw.
 */
async function lookAt(tree: TreeReader, path: string, folder: boolean): Promise<Looked> {
  if (folder) {
    const found = await tree.lstat(path).catch(leftOut);
    return found?.kind === 'directory' ? { folder: found } : null;
  }
  const file = await tree.open(path).catch(leftOut);
  if (file && file.info.kind !== 'file') await file.close().catch(() => undefined);
  return file?.info.kind === 'file' ? { file } : null;
}

/** The path of the plan's entry `index` (a folder's without its trailing `/`), and whether it is a folder. */
function plannedEntry(plan: ArchivePlan, index: number): { path: string; folder: boolean } {
  const path = plan.paths[index]!;
  return isPlannedFolder(path) ? { path: path.slice(0, -1), folder: true } : { path, folder: false };
}

/**
 * Looks at the entries a few ahead of the one being archived, so that opening them (a few round
 * trips to the port) overlaps the reading and compressing of the current one. What is ahead is
 * bounded by count (descriptors) and by the bytes of the files opened: an open file holds no
 * buffer here, but a port may keep some of a file with its open, and a run of large files gains
 * nothing from being opened early. Opened files that were not used (an error stopped the backup)
 * are closed by `close`.
 */
class LookAhead {
  private readonly pending: Array<{ look: Promise<Looked>; bytes: number }> = [];
  private pendingBytes = 0;
  private next = 0;

  /** `order`: the indices of the plan's entries, in the order they are archived. */
  constructor(
    private readonly tree: TreeReader,
    private readonly plan: ArchivePlan,
    private readonly order: Uint32Array,
  ) {}

  take(): Promise<Looked> {
    const { entries, bytes: aheadBytes } = LOOK_AHEAD;
    while (this.next < this.order.length && this.pending.length < entries) {
      const index = this.order[this.next]!;
      const bytes = this.plan.sizes[index]!;
      // The entry about to be archived is always looked at, whatever its size.
      if (this.pending.length > 0 && this.pendingBytes + bytes > aheadBytes) break;
      this.next += 1;
      const { path, folder } = plannedEntry(this.plan, index);
      const look = lookAt(this.tree, path, folder);
      look.catch(() => undefined);
      this.pending.push({ look, bytes });
      this.pendingBytes += bytes;
    }
    const first = this.pending.shift()!;
    this.pendingBytes -= first.bytes;
    return first.look;
  }

  async close(): Promise<void> {
    for (const { look } of this.pending.splice(0)) {
      const result = await look.catch(() => null);
      if (result && 'file' in result) await result.file.close().catch(() => undefined);
    }
    this.pendingBytes = 0;
  }
}

/**
 * Entries looked at ahead of the one archived, at most (the one archived included), and the bytes
 * of the files among them (by their walked size). One entry opened ahead hides opening the next file
 * behind the reading of the current one (a node's files are packed by its own file helper, where
 * opening is as cheap as here). More only kept more file objects, stats and promise chains
 * alive across the collector's young-generation passes: what survives them adds up, and past the
 * young generation's size it doubles that size for the rest of the process (four ahead made a
 * backup survive about twice the bytes the code before the file port did, and grow the young
 * generation by 8 MiB in one run in three; sixteen, three times that).
 */
const LOOK_AHEAD = { entries: 2, bytes: 1024 * 1024 };

/** Where a packed archive's bytes go. */
export interface ArchiveOutput {
  /** Takes archive bytes; a chunk handed with `done` is the packer's memory, reused once `done` is called. */
  emit: Emit;
  /** Asked after each chunk of the deflated member: true when it must pause until `resume` is called. */
  waitForRoom(resume: () => void): boolean;
  /** Records a failure of the output (zlib's, or the destination's): the packing stops at the next entry. */
  fail(error: Error): void;
  /** The first failure recorded, if any. */
  readonly failure: Error | null;
}

/**
 * Packs a tar.gz of the plan's entries, read through `tree`, into `output`: tar → gzip. The files
 * that are compressed already (region files, jars, archives) come last, in a second gzip member
 * that only stores: deflate's search finds nothing in them and took most of a backup's time.
 * Everything before is deflated at level 1. The stream passes through a few reused buffers, so
 * memory stays flat whatever the size. The same code packs on the panel (local files) and in a
 * node's file helper (a container's), so an archive is the same wherever its files were.
 * `onProgress` hears the uncompressed bytes laid out so far, every quarter of a second at most.
 */
export async function packArchive(tree: TreeReader, plan: ArchivePlan, output: ArchiveOutput, onProgress: (done: number) => void, signal?: AbortSignal): Promise<void> {
  const tar = new TarLayout(
    new BufferPool(BUFFERS, BUFFER_BYTES),
    deflatedMember(output.emit, (error) => output.fail(error), output.waitForRoom),
  );
  const headerBlock = Buffer.alloc(BLOCK);
  let storing = false;
  let lastReport = 0;
  const order = archiveOrderOf(plan.paths);
  try {
    const ahead = new LookAhead(tree, plan, order);
    try {
      for (const index of order) {
        if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The backup was stopped.');
        if (output.failure) throw output.failure;
        const current = await ahead.take();
        if (!current) continue;
        const { path } = plannedEntry(plan, index);
        if ('folder' in current) {
          await putHeader(tar, headerBlock, path, current.folder, true);
        } else {
          const { file } = current;
          try {
            if (!storing && isCompressedAlready(path)) {
              storing = true;
              await tar.switchTo(() => storedMember(output.emit));
            }
            // The file as it was opened: its header's size bounds what is read of it.
            await putHeader(tar, headerBlock, path, file.info, false);
            await tar.body(file, file.info.size);
          } finally {
            await file.close();
          }
        }
        const now = Date.now();
        if (now - lastReport >= 250) {
          lastReport = now;
          onProgress(Math.min(tar.laidOut, plan.tarBytes));
        }
      }
    } finally {
      await ahead.close();
    }
    // The end of a tar archive: two empty blocks.
    await tar.zeros(2 * BLOCK);
    await tar.end();
  } catch (error) {
    tar.abort();
    throw error;
  }
  if (output.failure) throw output.failure;
}
