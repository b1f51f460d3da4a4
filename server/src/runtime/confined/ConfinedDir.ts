import { constants, promises as fs, type Dirent, type Stats } from 'node:fs';
import { PathEscapeError } from './PathEscapeError';

/** Linux's O_PATH (not in fs.constants): a descriptor that names an object without opening it for I/O. */
export const O_PATH = 0o10000000;
const { O_DIRECTORY, O_NOFOLLOW, O_CREAT, O_EXCL, O_WRONLY, O_RDONLY, O_NONBLOCK } = constants;

/** `/proc/self/fd/<fd>`: the object a descriptor holds, as a path the kernel resolves like openat(fd, …). */
export const fdPath = (fd: number): string => `/proc/self/fd/${fd}`;

/** Whether `real` (an absolute path) is `rootReal` or below it. */
export const isBelow = (rootReal: string, real: string): boolean => real === rootReal || real.startsWith(rootReal.endsWith('/') ? rootReal : `${rootReal}/`);

/** Where a descriptor's object really is now (the kernel's own answer); throws when it left `rootReal`. */
export async function verifyInside(fd: number, rootReal: string, label: string): Promise<string> {
  const real = (await fs.readlink(fdPath(fd))).replace(/ \(deleted\)$/, '');
  if (!isBelow(rootReal, real)) throw new PathEscapeError(label);
  return real;
}

/** A plain name inside one folder: no slash, not `.` or `..`, no NUL. */
function checkName(name: string): string {
  if (!name || name === '.' || name === '..' || name.includes('/') || name.includes('\0')) throw new PathEscapeError(name);
  return name;
}

/**
 * A folder of a server's files, held open by descriptor (O_PATH, so only search permission is
 * needed, whoever owns it). Every effect is relative to the descriptor through
 * `/proc/self/fd/<fd>/<name>`, which the kernel resolves like openat(2): the folder is the one
 * that was opened, whatever was renamed or swapped on the way since, and the last name is never
 * followed when it is a link (O_NOFOLLOW; rename, unlink, mkdir and lstat never follow it).
 * `path` is where it is below the root (parts joined by `/`, '' for the root).
 */
export class ConfinedDir {
  constructor(
    readonly handle: fs.FileHandle,
    readonly path: string,
    readonly rootReal: string,
  ) {}

  get fd(): number {
    return this.handle.fd;
  }

  /** The folder itself, as a path (for readdir and the like). */
  get self(): string {
    return fdPath(this.handle.fd);
  }

  /** The path of `name` in this folder, resolved by the kernel relative to the descriptor. */
  at(name: string): string {
    return `${fdPath(this.handle.fd)}/${checkName(name)}`;
  }

  /** The path below the root of `name` in this folder. */
  child(name: string): string {
    return this.path ? `${this.path}/${name}` : name;
  }

  /** Checks the folder is still inside the root (it may have been moved out since it was opened). */
  async verify(): Promise<string> {
    return verifyInside(this.fd, this.rootReal, this.path || '/');
  }

  lstat(name: string): Promise<Stats> {
    return fs.lstat(this.at(name));
  }

  /** The entry's stats, or null when there is none. */
  lstatOrNull(name: string): Promise<Stats | null> {
    return fs.lstat(this.at(name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
  }

  stat(): Promise<Stats> {
    return this.handle.stat();
  }

  readdir(): Promise<string[]> {
    return fs.readdir(this.self);
  }

  readdirTypes(): Promise<Dirent[]> {
    return fs.readdir(this.self, { withFileTypes: true });
  }

  readlink(name: string): Promise<string> {
    return fs.readlink(this.at(name));
  }

  /** Creates the folder `name` (never through a link: mkdir does not follow the last name). */
  async mkdir(name: string, mode = 0o755): Promise<void> {
    await this.verify();
    await fs.mkdir(this.at(name), { mode });
  }

  /** Opens the folder `name` of this folder; a link there is refused (ENOTDIR), never followed. */
  async openDir(name: string): Promise<ConfinedDir> {
    const handle = await fs.open(this.at(name), O_PATH | O_DIRECTORY | O_NOFOLLOW);
    const dir = new ConfinedDir(handle, this.child(name), this.rootReal);
    try {
      await dir.verify();
      return dir;
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Creates a new file `name` (exclusive, never through a link) and checks where it really is. */
  async createFile(name: string, mode = 0o644): Promise<fs.FileHandle> {
    await this.verify();
    const handle = await fs.open(this.at(name), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
    try {
      await verifyInside(handle.fd, this.rootReal, this.child(name));
      return handle;
    } catch (error) {
      await handle.close();
      await fs.unlink(this.at(name)).catch(() => undefined);
      throw error;
    }
  }

  /** Opens the regular file `name` for reading; a link, a folder or a device is refused. */
  async openRead(name: string): Promise<{ handle: fs.FileHandle; stats: Stats }> {
    // O_NONBLOCK: a FIFO swapped in cannot hold the open; a regular file reads as usual.
    const handle = await fs.open(this.at(name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw Object.assign(new Error(`"${this.child(name)}" is not a file.`), { code: 'EISDIR' });
      await verifyInside(handle.fd, this.rootReal, this.child(name));
      return { handle, stats };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Sets the permission bits of `name` itself (refused for a link: chmod would follow it). */
  async chmod(name: string, mode: number): Promise<void> {
    const handle = await fs.open(this.at(name), O_PATH | O_NOFOLLOW);
    try {
      if ((await handle.stat()).isSymbolicLink()) throw Object.assign(new Error('A link has no permissions of its own.'), { code: 'ELOOP' });
      await verifyInside(handle.fd, this.rootReal, this.child(name));
      // Through the descriptor's own path: the object opened, not whatever has the name now.
      await fs.chmod(fdPath(handle.fd), mode);
    } finally {
      await handle.close();
    }
  }

  /** Renames `name` to `toName` in `to` (links are moved themselves); both folders checked first. */
  async rename(name: string, to: ConfinedDir, toName: string): Promise<void> {
    await Promise.all([this.verify(), to.verify()]);
    await fs.rename(this.at(name), to.at(toName));
  }

  async unlink(name: string): Promise<void> {
    await this.verify();
    await fs.unlink(this.at(name));
  }

  async rmdir(name: string): Promise<void> {
    await this.verify();
    await fs.rmdir(this.at(name));
  }

  async symlink(target: string, name: string): Promise<void> {
    await this.verify();
    await fs.symlink(target, this.at(name));
  }

  async close(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}
