import { randomBytes } from 'node:crypto';
import { constants, promises as fs, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** A path that would leave the server's root (`..`, absolute, NUL, or a symlink pointing out). */
export class PathEscapeError extends Error {
  constructor(readonly path: string) {
    super(`The path "${path}" is outside the server's files.`);
  }
}

function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel) && !rel.split(sep).includes('..'));
}

const WRITE_BATCH_BYTES = 1024 * 1024;

// Batches of more pieces than this are copied into one buffer (tiny pieces cost little to copy).
const WRITEV_MAX_PIECES = 64;

/**
 * Writes `pieces` in order with writev (no copy into one buffer). write(2) may write less than
 * asked (at most about 2 GiB per call): the rest is written until all is.
 */
async function writeAll(handle: fs.FileHandle, pieces: Buffer[]): Promise<void> {
  let rest = pieces.length > WRITEV_MAX_PIECES ? [Buffer.concat(pieces)] : pieces;
  let left = rest.reduce((sum, piece) => sum + piece.length, 0);
  while (left > 0) {
    let written = (await handle.writev(rest)).bytesWritten;
    left -= written;
    let first = 0;
    while (first < rest.length && written >= rest[first].length) written -= rest[first++].length;
    rest = first < rest.length ? [rest[first].subarray(written), ...rest.slice(first + 1)] : [];
  }
}

/**
 * A server's files, every path resolved inside its root with symlinks followed: a path whose real
 * location is outside the root is refused. Writes are atomic (temp file, fsync, rename).
 */
export class RootedFileSystem {
  constructor(readonly root: string) {}

  /**
   * The absolute location of `path` (relative to the root; a leading slash means the root).
   * The deepest existing ancestor is resolved with realpath, so a symlinked folder that points
   * outside is refused before anything is created through it.
   */
  async resolve(path: string): Promise<string> {
    if (path.includes('\0')) throw new PathEscapeError(path);
    const root = await fs.realpath(this.root);
    const lexical = resolve(root, `.${sep}${path.replace(/\\/g, '/').replace(/^\/+/, '')}`);
    if (!isInside(root, lexical)) throw new PathEscapeError(path);
    let existing = lexical;
    const missing: string[] = [];
    for (;;) {
      try {
        const real = await fs.realpath(existing);
        if (!isInside(root, real)) throw new PathEscapeError(path);
        return join(real, ...missing.reverse());
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        // A dangling symlink is refused: its target could be created outside later.
        const isLink = await fs.lstat(existing).then((s) => s.isSymbolicLink(), () => false);
        if (isLink) throw new PathEscapeError(path);
        missing.push(existing.slice(dirname(existing).length + 1));
        existing = dirname(existing);
      }
    }
  }

  async readFile(path: string): Promise<Buffer> {
    return fs.readFile(await this.resolve(path));
  }

  async exists(path: string): Promise<boolean> {
    return fs.access(await this.resolve(path), constants.F_OK).then(
      () => true,
      () => false,
    );
  }

  async mkdir(path: string): Promise<void> {
    await fs.mkdir(await this.resolve(path), { recursive: true });
  }

  /**
   * The location of the entry itself: its folder resolved like `resolve`, its last part not
   * followed, so a rename or delete of a symlink acts on the link, never on what it points to.
   */
  async resolveEntry(path: string): Promise<string> {
    if (path.includes('\0')) throw new PathEscapeError(path);
    const root = await fs.realpath(this.root);
    const lexical = resolve(root, `.${sep}${path.replace(/\\/g, '/').replace(/^\/+/, '')}`);
    if (!isInside(root, lexical)) throw new PathEscapeError(path);
    if (lexical === root) return root;
    return join(await this.resolve(relative(root, dirname(lexical))), basename(lexical));
  }

  /**
   * Opens a regular file for reading. The open does not follow a final symlink and the opened
   * file's real location is checked again, so a link swapped in after `resolve` is refused.
   */
  async openForRead(path: string): Promise<{ handle: fs.FileHandle; stats: Stats }> {
    const target = await this.resolve(path);
    const handle = await fs.open(target, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw Object.assign(new Error(`"${path}" is not a file.`), { code: 'EISDIR' });
      const real = await fs.readlink(`/proc/self/fd/${handle.fd}`).catch(() => target);
      if (!isInside(await fs.realpath(this.root), real)) throw new PathEscapeError(path);
      return { handle, stats };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Replaces the file atomically: readers see the old or the new content, never a mix. */
  async writeFile(path: string, content: string | Buffer, mode = 0o644): Promise<void> {
    await this.writeStream(path, [typeof content === 'string' ? Buffer.from(content) : content], mode);
  }

  /**
   * Writes the chunks of `source` to a temporary file beside the target, fsyncs it and renames it
   * over the target, so a crash or an error (a size limit in the source, say) leaves the old file
   * or the new one, never a mix, and no partial file. The target is resolved again before the
   * rename: a folder swapped for a symlink meanwhile is refused.
   */
  async writeStream(path: string, source: AsyncIterable<Buffer | string> | Iterable<Buffer>, mode = 0o644): Promise<void> {
    const target = await this.resolve(path);
    await fs.mkdir(dirname(target), { recursive: true });
    const temp = join(dirname(target), `.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await fs.open(temp, 'wx', mode);
    let writing: Promise<void> = Promise.resolve();
    try {
      try {
        // Small chunks (a socket gives 16–64 KiB) are gathered into writes of about 1 MiB. One
        // batch is written while the next one arrives, so the disk never holds up the source
        // (an upload's socket) and at most two batches are in memory.
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        for await (const chunk of source) {
          const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          pending.push(buffer);
          pendingBytes += buffer.length;
          if (pendingBytes >= WRITE_BATCH_BYTES) {
            await writing;
            writing = writeAll(handle, pending);
            writing.catch(() => undefined); // awaited before the next batch; not unhandled meanwhile
            pending = [];
            pendingBytes = 0;
          }
        }
        await writing;
        if (pendingBytes > 0) await writeAll(handle, pending);
        await handle.sync();
      } finally {
        await writing.catch(() => undefined); // a failed source: let the last write end first
        await handle.close();
      }
      // Resolve again: the parent may have been swapped for a symlink meanwhile.
      if ((await this.resolve(path)) !== target) throw new PathEscapeError(path);
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async chmod(path: string, mode: number): Promise<void> {
    await fs.chmod(await this.resolve(path), mode);
  }

  async remove(path: string): Promise<void> {
    await fs.rm(await this.resolve(path), { recursive: true, force: true });
  }
}
