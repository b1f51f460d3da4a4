import { randomBytes } from 'node:crypto';
import { promises as fs, type Stats } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ConfinedDir } from './confined/ConfinedDir';
import { locate, type Located, type LocateOptions } from './confined/locate';
import { PathEscapeError } from './confined/PathEscapeError';
import { removeTree } from './confined/removeTree';
import { writeChunks } from './confined/writeChunks';

export { PathEscapeError, writeChunks };
export type { ConfinedDir, Located, LocateOptions };

const notAFile = (path: string) => Object.assign(new Error(`"${path}" is a folder, not a file.`), { code: 'EISDIR' });

/** Options of an atomic write. */
export interface WriteOptions {
  /** Permission bits of a new file (default 644); `keepMode` keeps those of the file replaced. */
  mode?: number;
  keepMode?: boolean;
  /** Creates the folders missing above the target (default); without, a missing folder is ENOENT. */
  createFolders?: boolean;
  /** False: no fsync before the rename (staged files a later step makes durable or redoes). Default true. */
  durable?: boolean;
  /**
   * Called with what is at the target (null for nothing) before writing and again right before
   * the rename; throwing refuses the write and leaves nothing behind (a permission or quota check).
   */
  onTarget?: (existing: Stats | null) => void;
}

/**
 * A server's files, confined to its root: the one module every file effect goes through. Paths
 * are walked from a descriptor of the root one folder at a time, each opened relative to the one
 * before without following links (see `locate`), and every effect (create, write, rename,
 * delete, chmod, read) acts relative to the descriptor of a folder checked to be inside the root
 * through /proc/self/fd. A folder swapped for a link by the game, at any moment, cannot lead an
 * effect outside: the kernel never follows a link on our behalf. Links inside the root are read
 * and their targets walked the same way; links leading out are refused. Writes are atomic
 * (temp file, fsync, rename). Linux only (/proc).
 */
export class RootedFileSystem {
  private real: Promise<string> | null = null;

  constructor(readonly root: string) {}

  /** The root's real location (where the kernel says the descriptors must stay below). */
  rootReal(): Promise<string> {
    this.real ??= fs.realpath(this.root);
    return this.real;
  }

  /** The folder holding the last name of `path` and that name, held open (the caller closes `dir`). */
  async locate(path: string, options: LocateOptions = {}): Promise<Located> {
    return locate(await this.rootReal(), path, options);
  }

  /** Runs `effect` with the located folder and name, closing the folder after. */
  async at<T>(path: string, options: LocateOptions, effect: (dir: ConfinedDir, name: string) => Promise<T>): Promise<T> {
    const { dir, name } = await this.locate(path, options);
    try {
      return await effect(dir, name);
    } finally {
      await dir.close();
    }
  }

  /** Opens the folder `path` itself (a link to a folder inside the root is walked); `create` makes it and those above. */
  async openDir(path: string, options: { create?: boolean; created?: string[] } = {}): Promise<ConfinedDir> {
    const { dir, name } = await this.locate(path, { followFinal: true, create: options.create, created: options.created });
    if (!name) return dir;
    try {
      if (options.create) {
        await dir.mkdir(name).then(
          () => options.created?.push(dir.child(name)),
          (error: NodeJS.ErrnoException) => {
            if (error.code !== 'EEXIST') throw error;
          },
        );
      }
      return await dir.openDir(name);
    } catch (error) {
      // A link where a folder was (swapped in since the walk) is as if the path led out.
      if ((error as NodeJS.ErrnoException).code === 'ENOTDIR' && (await dir.lstatOrNull(name))?.isSymbolicLink()) throw new PathEscapeError(path);
      throw error;
    } finally {
      await dir.close();
    }
  }

  /** Runs `effect` with the folder `path` open, closing it after. */
  async inDir<T>(path: string, effect: (dir: ConfinedDir) => Promise<T>, options: { create?: boolean } = {}): Promise<T> {
    const dir = await this.openDir(path, options);
    try {
      return await effect(dir);
    } finally {
      await dir.close();
    }
  }

  /** What is at `path` (links inside the root followed), or null when nothing is. */
  async stat(path: string): Promise<Stats | null> {
    try {
      return await this.at(path, { followFinal: true }, async (dir, name) => (name ? dir.lstatOrNull(name) : dir.stat()));
    } catch (error) {
      if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
      throw error;
    }
  }

  async readFile(path: string): Promise<Buffer> {
    const { handle } = await this.openForRead(path);
    try {
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  async exists(path: string): Promise<boolean> {
    return (await this.stat(path)) !== null;
  }

  /** Creates the folder `path` and those missing above it (an existing folder is fine). */
  async mkdir(path: string): Promise<void> {
    await (await this.openDir(path, { create: true })).close();
  }

  /**
   * Opens a regular file for reading: the folders walked without following links, the file
   * opened with O_NOFOLLOW relative to its folder and its real location checked through
   * /proc/self/fd. A link, a folder or a device is refused.
   */
  async openForRead(path: string): Promise<{ handle: fs.FileHandle; stats: Stats }> {
    return this.at(path, { followFinal: true }, async (dir, name) => {
      if (!name) throw notAFile(path);
      return dir.openRead(name);
    });
  }

  /** Replaces the file atomically: readers see the old or the new content, never a mix. */
  async writeFile(path: string, content: string | Buffer, mode = 0o644): Promise<void> {
    await this.writeStream(path, [typeof content === 'string' ? Buffer.from(content) : content], { mode });
  }

  /**
   * Writes the chunks of `source` to a temporary file created (exclusively, never through a
   * link) in the target's folder, held open by descriptor; fsyncs it and renames it over the
   * target relative to that same descriptor, after checking the folder is still inside the root.
   * A crash or an error (a size limit in the source, say) leaves the old file or the new one,
   * never a mix, and no partial file. Missing folders above the target are created.
   */
  async writeStream(path: string, source: AsyncIterable<Buffer | string> | Iterable<Buffer>, options: WriteOptions | number = {}): Promise<void> {
    const { mode = 0o644, keepMode = false, createFolders = true, durable = true, onTarget } = typeof options === 'number' ? { mode: options } : options;
    await this.at(path, { create: createFolders, followFinal: true }, async (dir, name) => {
      if (!name) throw notAFile(path);
      const look = async () => {
        const existing = await dir.lstatOrNull(name);
        if (existing?.isDirectory()) throw notAFile(path);
        onTarget?.(existing);
        return existing;
      };
      const existing = await look();
      const temp = `.${randomBytes(6).toString('hex')}.tmp`;
      const handle = await dir.createFile(temp, keepMode && existing?.isFile() ? existing.mode & 0o7777 : mode);
      try {
        try {
          await writeChunks(handle, source, { sync: durable });
        } finally {
          await handle.close();
        }
        await look();
        await dir.rename(temp, dir, name);
      } catch (error) {
        await dir.unlink(temp).catch(() => undefined);
        throw error;
      }
    });
  }

  /** Sets the permission bits of the file or folder at `path` (a link inside the root: of what it points to). */
  async chmod(path: string, mode: number): Promise<void> {
    await this.at(path, { followFinal: true }, async (dir, name) => {
      if (!name) throw new PathEscapeError(path);
      await dir.chmod(name, mode);
    });
  }

  /** Removes the entry at `path` (a link itself, never what it points to), folders with their content. */
  async remove(path: string): Promise<void> {
    try {
      await this.at(path, {}, async (dir, name) => {
        if (!name) throw new PathEscapeError(path);
        await removeTree(dir, name);
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  /**
   * An absolute path for tools that only take one (install steps, which run before the game
   * does): lexically inside the root and with its existing part resolved inside it. File effects
   * never use it (a path checked now may lead elsewhere later): they go through `at`/`inDir`.
   */
  async resolve(path: string): Promise<string> {
    const root = await this.rootReal();
    const lexical = resolve(root, `.${sep}${path.replace(/\\/g, '/').replace(/^\/+/, '')}`);
    const rel = relative(root, lexical);
    if (path.includes('\0') || rel.startsWith('..') || isAbsolute(rel)) throw new PathEscapeError(path);
    await this.at(path, { followFinal: true }, async () => undefined).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    return join(root, rel);
  }
}
