import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

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

  /** Replaces the file atomically: readers see the old or the new content, never a mix. */
  async writeFile(path: string, content: string | Buffer, mode = 0o644): Promise<void> {
    const target = await this.resolve(path);
    await fs.mkdir(dirname(target), { recursive: true });
    const temp = join(dirname(target), `.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await fs.open(temp, 'wx', mode);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
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
