import { Header, Pax, type HeaderData } from 'tar';

const BLOCK = 512;
/** Pax headers and GNU long names carry a name and a few fields: more than this is not from an engine. */
const MAX_EXTENDED = 1024 * 1024;

/** The entry being read: its body is passed on (a kept file), gathered (an extended header) or dropped. */
interface Entry {
  /** The file passed on (null for anything else): its name below the folder and its size. */
  file: { path: string; size: number } | null;
  bodyLeft: number;
  padLeft: number;
  pass: boolean;
  gathered: Buffer[] | null;
  gatheredKind: 'pax' | 'longPath' | 'longLink' | null;
}

/** What the engine's archive of one folder holds; each entry names the folder first (`container/…`). */
export interface GameFilesTarOptions {
  /** The name of the archived folder, the first part of every entry's name. */
  folder: string;
  /** The owner every entry gets on the target: the game's user. */
  uid: number;
  gid: number;
  /** Bytes of file content passed on so far. */
  onBytes?: (bytes: number) => void;
  /** A file's content has been passed on whole (its name below the folder, and its size). */
  onFile?: (path: string, size: number) => void;
  /**
   * Takes the filtered archive's bytes, piece by piece: a piece may be a part of what was given to
   * `write`, valid only during the call (the caller may reuse that memory), so it is copied if kept.
   */
  out: (piece: Buffer) => void;
}

/** The archive is refused (a name leading out, a damaged header): the move stops and is rolled back. */
export class UnsafeArchiveError extends Error {}

/** The parts of an entry name below the archived folder; refused when it is absolute, holds `..` or a NUL, or lies outside the folder. */
function relativeName(name: string, folder: string): string {
  if (name.includes('\0')) throw new UnsafeArchiveError('An entry name in the archive holds a NUL byte.');
  const parts = name.split('/').filter((part) => part !== '' && part !== '.');
  if (name.startsWith('/') || parts.includes('..')) throw new UnsafeArchiveError(`The archive entry "${name.slice(0, 200)}" points outside the server's folder.`);
  if (parts[0] !== folder) throw new UnsafeArchiveError(`The archive entry "${name.slice(0, 200)}" is not in the server's folder.`);
  return parts.slice(1).join('/');
}

/**
 * Re-writes a Docker Engine's archive of a server's folder (GET /containers/{id}/archive) as the
 * archive the target engine extracts (PUT …/archive), entry by entry as the bytes pass: folders,
 * regular files and hard links between them, every one owned by the game's user with its
 * permission bits only (no set-id bits), its name checked to stay inside the folder. Symbolic
 * links, devices, pipes and every extended attribute are left out, as the file port's copy leaves
 * them out: the target engine extracts as root, and nothing a game wrote may become more there
 * than a file of the game's. File bodies are passed on as they come, without a copy of their own:
 * what takes them copies them once, where they are sent from.
 */
export class GameFilesTar {
  private readonly headerBlock = Buffer.alloc(BLOCK);
  private headerFill = 0;
  private entry: Entry | null = null;
  /** Fields of the extended header just read, for the entry that follows it. */
  private extended: HeaderData | null = null;
  private ended = false;
  /** File content passed on so far. */
  bytes = 0;

  constructor(private readonly options: GameFilesTarOptions) {}

  /** The archive's next bytes, cut anywhere; throws UnsafeArchiveError when they are refused. */
  write(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length && !this.ended) {
      const entry = this.entry;
      if (!entry) {
        const take = Math.min(BLOCK - this.headerFill, chunk.length - at);
        chunk.copy(this.headerBlock, this.headerFill, at, at + take);
        this.headerFill += take;
        at += take;
        if (this.headerFill === BLOCK) {
          this.headerFill = 0;
          this.begin();
        }
        continue;
      }
      const inBody = entry.bodyLeft > 0;
      const take = Math.min(inBody ? entry.bodyLeft : entry.padLeft, chunk.length - at);
      const piece = chunk.subarray(at, at + take);
      at += take;
      if (inBody) {
        entry.bodyLeft -= take;
        if (entry.pass) this.pass(piece, true);
        else entry.gathered?.push(Buffer.from(piece));
      } else {
        entry.padLeft -= take;
        if (entry.pass) this.pass(piece, false);
      }
      if (entry.bodyLeft === 0 && entry.padLeft === 0) this.finish(entry);
    }
  }

  /** The source's archive ended: passes on the end of the archive, or throws when it ended in the middle of one. */
  end(): void {
    if (!this.ended) throw new UnsafeArchiveError('The archive of the server’s files ended in the middle of an entry.');
    // The end of the archive: two empty blocks.
    this.out(Buffer.alloc(2 * BLOCK));
  }

  private out(piece: Buffer): void {
    this.options.out(piece);
  }

  private pass(piece: Buffer, content: boolean): void {
    this.out(piece);
    if (!content) return;
    this.bytes += piece.length;
    this.options.onBytes?.(this.bytes);
  }

  private begin(): void {
    if (this.headerBlock.every((byte) => byte === 0)) {
      // The first of the end-of-archive blocks: nothing after it is read.
      this.ended = true;
      return;
    }
    const header = new Header(this.headerBlock, 0, this.extended ?? undefined);
    if (!header.cksumValid) throw new UnsafeArchiveError('The archive of the server’s files has a damaged entry header.');
    const size = header.size ?? 0;
    const entry: Entry = { file: null, bodyLeft: size, padLeft: (BLOCK - (size % BLOCK)) % BLOCK, pass: false, gathered: null, gatheredKind: null };
    this.entry = entry;
    const type = header.type;
    if (type === 'ExtendedHeader' || type === 'NextFileHasLongPath' || type === 'NextFileHasLongLinkpath') {
      if (size > MAX_EXTENDED) throw new UnsafeArchiveError('The archive of the server’s files has an oversized extended header.');
      entry.gathered = [];
      entry.gatheredKind = type === 'ExtendedHeader' ? 'pax' : type === 'NextFileHasLongPath' ? 'longPath' : 'longLink';
    } else if (type !== 'GlobalExtendedHeader') {
      this.extended = null;
      this.keep(header, entry);
    }
    if (entry.bodyLeft === 0 && entry.padLeft === 0) this.finish(entry);
  }

  /** Writes the entry's own header when it is kept (its body then follows as it comes). */
  private keep(header: Header, entry: Entry): void {
    const type = header.type;
    const kind = type === 'Directory' ? 'Directory' : type === 'File' || type === 'OldFile' || type === 'ContiguousFile' ? 'File' : type === 'Link' ? 'Link' : null;
    if (!kind) return;
    const path = relativeName(header.path ?? '', this.options.folder);
    // The folder itself: the target's volume is the game's already.
    if (path === '') return;
    const linkpath = kind === 'Link' ? relativeName(header.linkpath ?? '', this.options.folder) : undefined;
    if (linkpath === '') throw new UnsafeArchiveError(`The archive entry "${path.slice(0, 200)}" links to the server's folder itself.`);
    const fields: HeaderData = {
      path: kind === 'Directory' ? `${path}/` : path,
      type: kind,
      mode: (header.mode ?? (kind === 'Directory' ? 0o755 : 0o644)) & 0o777,
      uid: this.options.uid,
      gid: this.options.gid,
      size: kind === 'File' ? entry.bodyLeft : 0,
      mtime: header.mtime,
      linkpath,
    };
    const block = Buffer.alloc(BLOCK);
    const encoded = new Header(fields);
    encoded.encode(block);
    if (encoded.needPax) this.out(new Pax({ path: fields.path, linkpath, size: fields.size, mtime: fields.mtime }).encode());
    this.out(block);
    entry.pass = kind === 'File';
    if (entry.pass) entry.file = { path, size: entry.bodyLeft };
  }

  private finish(entry: Entry): void {
    this.entry = null;
    if (entry.file) this.options.onFile?.(entry.file.path, entry.file.size);
    if (!entry.gathered) return;
    const text = Buffer.concat(entry.gathered).toString('utf8');
    if (entry.gatheredKind === 'pax') this.extended = { ...this.extended, ...Pax.parse(text, undefined, false) };
    else if (entry.gatheredKind === 'longPath') this.extended = { ...this.extended, path: text.replace(/\0.*$/s, '') };
    else this.extended = { ...this.extended, linkpath: text.replace(/\0.*$/s, '') };
  }
}
