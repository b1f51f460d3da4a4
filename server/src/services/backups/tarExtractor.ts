import { constants, promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { Header, Pax } from 'tar';
import type { ArchiveChecker, ArchiveEntryKind } from '../files/archives/ArchiveChecker';
import { ArchiveRejectedError } from '../files/fileErrors';
import { DamagedArchiveError } from './gzipReader';

const BLOCK = 512;
/** Folders deeper than this are refused (as tar's own extractor does). */
const MAX_DEPTH = 256;
/** Pax headers carry a long name and a few fields: more than this is not from a backup. */
const MAX_PAX = 1024 * 1024;

const KINDS: Record<string, ArchiveEntryKind> = { File: 'file', OldFile: 'file', ContiguousFile: 'file', Directory: 'directory', SymbolicLink: 'symlink', Link: 'hardlink' };

/** The entry being read: its body goes to `file` (a file), to `pax` (a pax header) or nowhere. */
interface Entry {
  bodyLeft: number;
  padLeft: number;
  file: fs.FileHandle | null;
  mtime: Date | undefined;
  pax: Buffer[] | null;
  /** The body is a GNU long name for the next entry (instead of pax fields). */
  longName: boolean;
}

/**
 * Writes a tar stream's files and folders into `destination` (an empty folder of ours). Every
 * entry is checked like a file-manager path before anything of it is written (no absolute names,
 * no `..`, no links, no devices), and files are created with O_EXCL and O_NOFOLLOW, so nothing is
 * ever written through a link. The first refused entry stops it with its reason.
 */
export class TarExtractor {
  private header = Buffer.alloc(BLOCK);
  private headerFill = 0;
  private entry: Entry | null = null;
  /** Fields of the pax header (or GNU long name) just read, for the entry that follows it. */
  private paxFields: ConstructorParameters<typeof Header>[2] | null = null;
  private ended = false;
  private readonly folders = new Set<string>();

  constructor(
    private readonly destination: string,
    private readonly checker: ArchiveChecker,
    private readonly onBytes: (bytes: number) => void,
  ) {
    this.folders.add(destination);
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
        if (entry.file) await writeAll(entry.file, piece);
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
      await this.entry?.file?.close().catch(() => undefined);
      throw new DamagedArchiveError('The backup archive ends in the middle of an entry.');
    }
  }

  /** Closes the file left open by a failure. */
  async abort(): Promise<void> {
    await this.entry?.file?.close().catch(() => undefined);
    this.entry = null;
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
    const entry: Entry = { bodyLeft: size, padLeft: (BLOCK - (size % BLOCK)) % BLOCK, file: null, mtime: undefined, pax: null, longName: false };
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
    const path = join(this.destination, ...segments);
    const safeMode = ((mode ?? 0o644) & 0o777) | 0o600;
    if (kind === 'directory') {
      await this.makeFolder(path, safeMode | 0o100);
      entry.bodyLeft = 0;
      return;
    }
    await this.makeFolder(dirname(path), 0o755);
    entry.file = await createFile(path, safeMode);
    entry.mtime = mtime;
  }

  private async makeFolder(path: string, mode: number): Promise<void> {
    if (this.folders.has(path)) return;
    await fs.mkdir(path, { recursive: true, mode });
    this.folders.add(path);
  }

  private async finish(entry: Entry): Promise<void> {
    this.entry = null;
    if (entry.file) {
      if (entry.mtime) await entry.file.utimes(entry.mtime, entry.mtime);
      await entry.file.close();
    } else if (entry.pax) {
      const text = Buffer.concat(entry.pax).toString('utf8');
      this.paxFields = entry.longName ? { ...this.paxFields, path: text.replace(/\0.*$/s, '') } : Pax.parse(text, undefined, false);
    }
  }
}

/** Creates a file that did not exist; an entry repeated later in the archive replaces the earlier one. */
async function createFile(path: string, mode: number): Promise<fs.FileHandle> {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  try {
    return await fs.open(path, flags, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const existing = await fs.lstat(path);
    if (existing.isDirectory()) throw new DamagedArchiveError(`The backup archive holds "${path}" both as a folder and as a file.`);
    await fs.unlink(path);
    return fs.open(path, flags, mode);
  }
}

async function writeAll(file: fs.FileHandle, bytes: Buffer): Promise<void> {
  for (let at = 0; at < bytes.length;) {
    const { bytesWritten } = await file.write(bytes, at, bytes.length - at, null);
    at += bytesWritten;
  }
}
