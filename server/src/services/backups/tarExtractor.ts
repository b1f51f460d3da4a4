import { Header, Pax } from 'tar';
import type { TreeWriter } from '../../runtime/files/ServerFiles';
import type { ArchiveChecker, ArchiveEntryKind } from '../files/archives/ArchiveChecker';
import { ArchiveRejectedError } from '../files/fileErrors';
import { ChunkChannel } from './chunkChannel';
import { DamagedArchiveError } from './gzipReader';

const BLOCK = 512;
/** Folders deeper than this are refused (as tar's own extractor does). */
const MAX_DEPTH = 256;
/** Pax headers carry a long name and a few fields: more than this is not from a backup. */
const MAX_PAX = 1024 * 1024;
/**
 * Files whose body has been read but which the port is still putting in place (a write ends with
 * a few round trips: a rename, folders checked): small files go on being read meanwhile instead
 * of waiting for each. Four keep the thread pool's four threads busy; sixteen only queued there
 * while their promise chains and file objects outlived the collector's young generation, which
 * then grew by 8 MiB for the rest of the process.
 */
const WRITES_IN_FLIGHT = 4;
/** Files larger than this are waited for at their end: their write is a matter of bandwidth, and memory stays flat. */
const SMALL_FILE_BYTES = 256 * 1024;
/**
 * Files up to this size are read whole into memory of their own before their write starts, so the
 * archive goes on being read while the port creates them (a check of the folder, the exclusive
 * open, a check of the file: round trips that, lent chunk by chunk, held up the reading of every
 * small file): at most WRITES_IN_FLIGHT of them, in buffers of this size reused from file to
 * file (memory of each file's own size was freed only by the collector, after tens of megabytes).
 */
const GATHERED_FILE_BYTES = 64 * 1024;

const KINDS: Record<string, ArchiveEntryKind> = { File: 'file', OldFile: 'file', ContiguousFile: 'file', Directory: 'directory', SymbolicLink: 'symlink', Link: 'hardlink' };

/** A file being written through the file port: its body goes into `chunks`, `written` settles once it is in place. */
interface FileWrite {
  chunks: ChunkChannel;
  written: Promise<void>;
}

/** The entry being read: its body goes to `file` (a file), to `pax` (a pax header) or nowhere. */
interface Entry {
  bodyLeft: number;
  padLeft: number;
  file: FileWrite | null;
  /** The body of a small file, gathered before its write starts (at its end). */
  body: Buffer | null;
  mode: number;
  /** The file's modification time as archived (ms), given back to it when it is written. */
  mtimeMs: number | undefined;
  /** Where the file goes and its size (for a file). */
  path: string;
  size: number;
  pax: Buffer[] | null;
  /** The body is a GNU long name for the next entry (instead of pax fields). */
  longName: boolean;
}

/**
 * Writes a tar stream's files and folders into the base of `tree` (an empty folder of ours in the
 * server's files) through the file port, each folder opened once. Every entry is checked like a file-manager path before
 * anything of it is written (no absolute names, no `..`, no links, no devices), and the port
 * never writes outside the server's root. The first refused entry stops it with its reason.
 */
export class TarExtractor {
  private header = Buffer.alloc(BLOCK);
  private headerFill = 0;
  private entry: Entry | null = null;
  /** Fields of the pax header (or GNU long name) just read, for the entry that follows it. */
  private paxFields: ConstructorParameters<typeof Header>[2] | null = null;
  private ended = false;
  private readonly folders = new Set<string>();
  /** Writes whose body is complete, by path, until they are in place. */
  private readonly finishing = new Map<string, Promise<void>>();
  /** Buffers for small files that are free again (one more than the writes under way, at most). */
  private readonly spareBodies: Buffer[] = [];

  constructor(
    private readonly tree: TreeWriter,
    private readonly checker: ArchiveChecker,
    private readonly onBytes: (bytes: number) => void,
  ) {
    this.folders.add('');
  }

  /** Takes the next bytes of the stream; `bytes` is not kept once the promise settles. */
  readonly write = async (bytes: Buffer): Promise<void> => {
    let at = 0;
    while (at < bytes.length) {
      if (this.ended) return;
      const entry = this.entry;
      if (!entry) {
        const take = Math.min(BLOCK - this.headerFill, bytes.length - at);
        bytes.copy(this.header, this.headerFill, at, at + take);
        this.headerFill += take;
        at += take;
        if (this.headerFill === BLOCK) {
          this.headerFill = 0;
          await this.begin();
        }
      } else if (entry.bodyLeft > 0) {
        const take = Math.min(entry.bodyLeft, bytes.length - at);
        const piece = bytes.subarray(at, at + take);
        // Lent to the port, which is done with it when the push resolves: `bytes` is reused after.
        if (entry.file) await entry.file.chunks.push(piece);
        else if (entry.body) piece.copy(entry.body, entry.size - entry.bodyLeft);
        else if (entry.pax) entry.pax.push(Buffer.from(piece));
        entry.bodyLeft -= take;
        at += take;
        if (entry.bodyLeft === 0 && entry.padLeft === 0) await this.finish(entry);
      } else {
        const take = Math.min(entry.padLeft, bytes.length - at);
        entry.padLeft -= take;
        at += take;
        if (entry.padLeft === 0) await this.finish(entry);
      }
    }
  };

  /** The stream has ended: it must have ended between entries. */
  async end(): Promise<void> {
    if (this.entry || this.headerFill > 0) {
      await this.abort();
      throw new DamagedArchiveError('The backup archive ends in the middle of an entry.');
    }
    await Promise.all(this.finishing.values());
  }

  /** Drops the file being written by a failure (the port leaves nothing of it). */
  async abort(): Promise<void> {
    const file = this.entry?.file;
    this.entry = null;
    file?.chunks.fail(new DamagedArchiveError('The restore stopped.'));
    await Promise.allSettled([file?.written, ...this.finishing.values()]);
  }

  private async begin(): Promise<void> {
    if (this.header.every((byte) => byte === 0)) {
      // The end-of-archive blocks; anything after them is not read.
      this.ended = true;
      return;
    }
    const header = new Header(this.header, 0, this.paxFields ?? undefined);
    if (!header.cksumValid) throw new DamagedArchiveError('The backup archive has a damaged entry header.');
    const size = header.size ?? 0;
    const entry: Entry = { bodyLeft: size, padLeft: (BLOCK - (size % BLOCK)) % BLOCK, file: null, body: null, mode: 0, mtimeMs: undefined, path: '', size, pax: null, longName: false };
    this.entry = entry;
    // Pax headers (a global one is read and dropped) and GNU long names describe the next entry.
    if (header.type === 'ExtendedHeader' || header.type === 'GlobalExtendedHeader' || header.type === 'NextFileHasLongPath') {
      if (size > MAX_PAX) throw new DamagedArchiveError('The backup archive has an oversized extended header.');
      entry.pax = header.type === 'GlobalExtendedHeader' ? null : [];
      entry.longName = header.type === 'NextFileHasLongPath';
    } else {
      this.paxFields = null;
      await this.open(entry, header.path ?? '', KINDS[header.type] ?? 'other', header.mode, header.mtime);
    }
    if (entry.bodyLeft === 0 && entry.padLeft === 0) await this.finish(entry);
  }

  /** Checks an entry, then makes its folder or opens its file. */
  private async open(entry: Entry, name: string, kind: ArchiveEntryKind, mode: number | undefined, mtime: Date | undefined): Promise<void> {
    const segments = this.checker.check({ name, kind, size: kind === 'file' ? entry.bodyLeft : 0 });
    if (segments.length > MAX_DEPTH) throw new ArchiveRejectedError(`the entry "${name.slice(0, 200)}…" is more than ${MAX_DEPTH} folders deep.`);
    this.onBytes(kind === 'file' ? entry.bodyLeft : 0);
    const path = segments.join('/');
    const safeMode = ((mode ?? 0o644) & 0o777) | 0o600;
    if (kind === 'directory') {
      await this.makeFolder(path, safeMode | 0o100);
      entry.bodyLeft = 0;
      return;
    }
    await this.makeFolder(path.slice(0, Math.max(0, path.lastIndexOf('/'))), 0o755);
    // An entry repeated in the archive: the later one is written after the earlier is in place.
    await this.finishing.get(path);
    entry.path = path;
    entry.mode = safeMode;
    // A backup keeps each file's time (the game, its mods and players' tools compare them).
    entry.mtimeMs = mtime && !Number.isNaN(mtime.getTime()) ? mtime.getTime() : undefined;
    if (entry.bodyLeft <= GATHERED_FILE_BYTES) entry.body = this.spareBodies.pop() ?? Buffer.allocUnsafeSlow(GATHERED_FILE_BYTES);
    else entry.file = this.startFile(entry);
  }

  private async makeFolder(path: string, mode: number): Promise<void> {
    if (this.folders.has(path)) return;
    // The staging folder is new: a folder is made once, with its mode (the umask applies, as it did).
    const made = await this.tree.mkdir(path, mode).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOTDIR' || error.code === 'EEXIST') throw new DamagedArchiveError(`The backup archive holds "${path}" both as a file and as a folder.`);
      throw error;
    });
    // Already made for a file inside it (archives of other tools may list a folder after its content).
    if (!made) await this.tree.chmod(path, mode & ~0o22);
    this.folders.add(path);
  }

  /**
   * Starts writing a file through the port (atomically: an entry repeated later in the archive
   * replaces the earlier one); its body follows through the channel.
   */
  private startFile(entry: Entry): FileWrite {
    const chunks = new ChunkChannel();
    const written = this.writeFile(entry, chunks).catch((error: Error) => {
      chunks.stop(error);
      throw error;
    });
    // Awaited when the entry ends (or by abort); meanwhile a failure only stops the channel.
    written.catch(() => undefined);
    return { chunks, written };
  }

  /** Writes a file through the port (atomically: an entry repeated later in the archive replaces the earlier one). */
  private writeFile({ path, mode, mtimeMs }: Entry, source: AsyncIterable<Buffer> | Buffer[]): Promise<void> {
    // Not flushed one by one: a restore's guarantee is all old or all new files whenever the
    // panel stops (the journal and its renames), and an fsync per file took most of its time.
    return this.tree.writeStream(path, source, { mode, mtimeMs, durable: false, reusesChunks: true }).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EISDIR' ? new DamagedArchiveError(`The backup archive holds "${path}" both as a folder and as a file.`) : error;
    });
  }

  private async finish(entry: Entry): Promise<void> {
    this.entry = null;
    if (entry.file || entry.body) {
      entry.file?.chunks.end();
      const path = entry.path;
      const body = entry.body;
      // The port is done with a gathered body once its write has settled: the buffer is free again.
      const started = body ? this.writeFile(entry, [body.subarray(0, entry.size)]).finally(() => this.spareBodies.push(body)) : entry.file!.written;
      const written = started.finally(() => {
        if (this.finishing.get(path) === written) this.finishing.delete(path);
      });
      this.finishing.set(path, written);
      written.catch(() => undefined); // awaited below, by the next entry of this path or at the end
      // The first failure among the writes still under way stops the extraction with its reason.
      if (entry.size > SMALL_FILE_BYTES) await written;
      else if (this.finishing.size >= WRITES_IN_FLIGHT) await Promise.race(this.finishing.values());
    } else if (entry.pax) {
      const text = Buffer.concat(entry.pax).toString('utf8');
      this.paxFields = entry.longName ? { ...this.paxFields, path: text.replace(/\0.*$/s, '') } : Pax.parse(text, undefined, false);
    }
  }
}
