import type { Readable } from 'node:stream';

/**
 * The file port: one server's files, wherever they are. The local driver serves it from a folder
 * on the panel's machine (through RootedFileSystem: no link followed, atomic writes); a container
 * driver serves it from a node. Nothing above `runtime/` knows where a server's folder is: file
 * routes, the config editor, player lists, extensions, backups, version switches, modpacks and
 * setups all go through this interface.
 *
 * Paths are the customer's paths: relative to the server's root, `/` as separator, a leading `/`
 * allowed. A path that would lead outside the root (`..`, a link leading out, a NUL byte) is
 * refused with PathEscapeError; a missing entry rejects with an error whose `code` is `ENOENT`,
 * as Node's own do, so callers map errors the same way for every driver.
 */
export interface ServerFiles {
  /** What is at `path` (a link inside the root is followed), or null when nothing is. */
  stat(path: string): Promise<FileInfo | null>;
  /** What is at `path` itself (a link is described, not followed), or null when nothing is. */
  lstat(path: string): Promise<FileInfo | null>;
  /** The entries of the folder `path` (links described, not followed), in no particular order. */
  list(path: string): Promise<FileInfo[]>;
  /** The whole content of the regular file at `path` (refused above `maxBytes` when given). */
  readFile(path: string, maxBytes?: number): Promise<Buffer>;
  /** A stream of the regular file at `path` (optionally a byte range, `end` inclusive) and what it is. */
  readStream(path: string, range?: { start?: number; end?: number }): Promise<{ stream: Readable; info: FileInfo }>;
  /** Replaces the file atomically with `content`: readers see the old or the new content, never a mix. */
  writeFile(path: string, content: string | Buffer, options?: WriteOptions): Promise<void>;
  /** Replaces the file atomically with the chunks of `source`; an error in the source leaves the old file. */
  writeStream(path: string, source: AsyncIterable<Buffer | string> | Iterable<Buffer>, options?: WriteOptions): Promise<void>;
  /**
   * Creates the folder `path` and those missing above it (an existing folder is fine, unless
   * `exclusive`: then anything at `path` is EEXIST). Answers the folders it made, highest first.
   */
  mkdir(path: string, options?: { exclusive?: boolean; mode?: number }): Promise<string[]>;
  /**
   * Moves the entry `from` itself (a link is moved, not followed) to `to`: refused with EEXIST
   * when `to` exists unless `replace` (a folder replaces only an empty folder: ENOTEMPTY otherwise); moving an entry onto itself does nothing. The folders
   * missing above `to` are created when `createFolders` is set (else ENOENT).
   */
  rename(from: string, to: string, options?: { replace?: boolean; createFolders?: boolean }): Promise<void>;
  /**
   * Copies the file or folder `from` to the new path `to` (EEXIST when it exists): links are
   * copied as links, never followed; other special files are left out. The copy appears whole or
   * not at all. `onFile` is called with each file's size before it is copied; throwing stops the
   * copy (a quota) and leaves nothing behind.
   */
  copy(from: string, to: string, options?: { onFile?: (bytes: number) => void }): Promise<void>;
  /** Removes the entry at `path` (a link itself, never what it points to), folders with their content; nothing there is fine. */
  remove(path: string): Promise<void>;
  /** Removes the folder `path` only when it is empty (answers whether it went); a file or link there stays. */
  removeEmptyFolder(path: string): Promise<boolean>;
  /** Sets the permission bits of the file or folder at `path`. */
  chmod(path: string, mode: number): Promise<void>;
  /**
   * Every entry under the folder `path`, depth first, folders before their content, names in
   * byte order; links, sockets and devices are reported with their type and never entered.
   * Backups, searches and disk walks use it.
   */
  walk(path: string, options?: WalkOptions): AsyncIterable<WalkEntry>;
  /** Bytes the server's files take (a figure a few seconds old is fine unless `fresh`). */
  diskUsage(options?: { fresh?: boolean }): Promise<number>;
  /**
   * A writer of many entries below the existing folder `path` (a restore's or an extraction's
   * staging folder): the folders it makes or enters are opened once and reused, instead of every
   * write walking its path from the root. The same confinement holds. Close it when done.
   */
  openTree(path: string): Promise<TreeWriter>;
  /**
   * A reader of many entries below the existing folder `path` (a backup's walk of the server's
   * files): as with openTree, the folders it goes through are opened once and reused, so reading
   * a walked tree costs one open per file instead of a walk of every path from the root. The same
   * confinement holds and no link is ever followed. Close it when done.
   */
  openTreeReader(path: string): Promise<TreeReader>;
}

/**
 * Reads entries below one folder of a server's files (paths relative to it, `/`-separated). Each
 * folder is opened once and kept while it is used; a held folder is checked to be still inside the
 * root before each effect, and no link is ever followed, neither on the way nor at the end.
 */
export interface TreeReader {
  /** What is at `path` itself (a link is described, not followed), or null when nothing is (or a folder on the way is not one now). */
  lstat(path: string): Promise<FileInfo | null>;
  /**
   * Opens the regular file `path` for reading (ENOENT when nothing is there; a link, a folder or a
   * device is refused, never opened). Close what it answers.
   */
  open(path: string): Promise<OpenFile>;
  /** Closes the folders held (files opened through it are closed by their own close). */
  close(): Promise<void>;
  /**
   * Packs the plan's entries into a tar.gz where the files are (a node's file helper), and answers
   * the archive's bytes as they come: the files' content never crosses the wire uncompressed, and
   * the panel only stores what arrives. Unset: the caller reads the files and packs them itself
   * (the same packer, so the archive is the same either way). Destroying the stream stops it.
   */
  packArchive?(plan: ArchivePlan, onProgress: (done: number) => void): Promise<Readable>;
}

/** What an archive of a server's files holds, in the order walked (see runtime/files/archive). */
export interface ArchivePlan {
  /** The entries' paths, a folder's ending in `/`. */
  paths: string[];
  /** The walked size of each entry (0 for a folder). */
  sizes: number[];
  /** The size of the uncompressed tar stream (headers included), for progress. */
  tarBytes: number;
}

/** A file opened for reading: what it was when opened, and its bytes read into the caller's memory. */
export interface OpenFile {
  readonly info: FileInfo;
  /** Reads up to `length` bytes from `position` into `buffer` at `offset`; answers how many (0 at the end). */
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * Writes entries below one folder of a server's files (paths relative to it, `/`-separated). Each
 * folder is opened once and kept while it is used; a reused folder is checked to be still inside
 * the root before each effect, and no link is ever followed.
 */
export interface TreeWriter {
  /**
   * Makes the folder `path` with `mode` and those missing above it (755); answers whether `path`
   * itself was made (false: a folder was there). A file or link on the way is ENOTDIR.
   */
  mkdir(path: string, mode?: number): Promise<boolean>;
  /**
   * Writes the file `path` (its folder must exist) with the chunks of `source`. A new file is
   * created in place, exclusively (readers of a staging folder may see it growing); a file already
   * there is replaced atomically; a folder there is EISDIR. An error leaves no new file.
   * `durable: false` skips the flush to the disk (a later step makes the tree durable or redoes it).
   * `reusesChunks`: the source reuses a chunk's memory once the next one is asked for, so each is
   * written (or copied) before that and none is kept (a restore hands over pieces of its read buffer).
   */
  writeStream(path: string, source: AsyncIterable<Buffer | string> | Iterable<Buffer>, options?: TreeWriteOptions): Promise<void>;
  /** Sets the permission bits of the folder or file `path` itself (never through a link). */
  chmod(path: string, mode: number): Promise<void>;
  /** Removes the entry `path` (a link itself), folders with their content; nothing there is fine. */
  remove(path: string): Promise<void>;
  /** Closes the folders held. */
  close(): Promise<void>;
}

/** Options of a TreeWriter's file write. */
export interface TreeWriteOptions {
  mode?: number;
  durable?: boolean;
  reusesChunks?: boolean;
  /** The file's modification (and access) time, in ms since the epoch: a restored file keeps the one it was archived with. Unset: now. */
  mtimeMs?: number;
}

export type FileKind = 'file' | 'directory' | 'symlink' | 'other';

/** One entry as the file port describes it (the fields the file manager and backups need). */
export interface FileInfo {
  name: string;
  kind: FileKind;
  size: number;
  /** Type and permission bits, as stat's `mode`. */
  mode: number;
  mtimeMs: number;
  /** The last change of the entry's own record (mode, owner, name) where the storage keeps one, else mtimeMs. */
  ctimeMs: number;
  /** When the entry was made where the storage knows it, else 0. */
  birthtimeMs: number;
  /** For a link: where it points (as written in the link). */
  linkTarget?: string;
}

/** One entry of a walk: its path relative to the folder walked, `/`-separated. */
export interface WalkEntry extends FileInfo {
  path: string;
}

export interface WalkOptions {
  /** Leaves out an entry (and, for a folder, what it holds) when this says so. */
  skip?: (path: string, info: FileInfo) => boolean;
}

/** Options of an atomic write. */
export interface WriteOptions {
  /** Permission bits of a new file (default 644); `keepMode` keeps those of the file replaced. */
  mode?: number;
  keepMode?: boolean;
  /** Creates the folders missing above the target (default); without, a missing folder is ENOENT. */
  createFolders?: boolean;
  /**
   * False: the content is not flushed to the disk before it replaces the target, for files a later
   * step makes durable or redoes (a restore's staged files, as before the port). Default true.
   */
  durable?: boolean;
  /**
   * Called with what is at the target (null for nothing) before writing and again right before
   * the replace; throwing refuses the write and leaves nothing behind (a permission or quota check).
   */
  onTarget?: (existing: FileInfo | null) => void;
}
