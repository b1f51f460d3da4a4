import { constants, promises as fs } from 'node:fs';
import { ConfinedDir, isBelow, O_PATH } from './ConfinedDir';
import { PathEscapeError } from './PathEscapeError';

const { O_DIRECTORY, O_NOFOLLOW } = constants;

// As the kernel's own limit on links followed in one path.
const MAX_LINKS = 40;

export interface LocateOptions {
  /** Creates the folders missing on the way (never the last name), one at a time, none through a link. */
  create?: boolean;
  /** When the last name is a link, locates what it points to (inside the root) instead of the link itself. */
  followFinal?: boolean;
  /** Collects the paths (below the root) of the folders `create` made, in the order made. */
  created?: string[];
}

/** The folder holding the last name of a path, held open, and that name ('' for the root itself). */
export interface Located {
  dir: ConfinedDir;
  name: string;
}

/**
 * The parts of a path below the root: `\` counts as `/`, empty and `.` parts are dropped, `..`
 * takes one part back and may never go above the root.
 */
export function pathParts(path: string, label = path): string[] {
  if (path.includes('\0')) throw new PathEscapeError(label);
  const out: string[] = [];
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) throw new PathEscapeError(label);
      out.pop();
    } else out.push(part);
  }
  return out;
}

/**
 * Where a link found at `at` (parts below the root) leads, as parts below the root: a relative
 * target from the link's folder, an absolute one only when it names a place inside the root.
 */
function linkDestination(rootReal: string, folder: string, target: string, label: string): string[] {
  if (target.startsWith('/')) {
    if (!isBelow(rootReal, target)) throw new PathEscapeError(label);
    return pathParts(target.slice(rootReal.length), label);
  }
  return pathParts(`${folder}/${target}`, label);
}

const errno = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/** Opens the root itself (it is the panel's own folder) and checks the kernel agrees where it is. */
async function openRoot(rootReal: string): Promise<ConfinedDir> {
  const root = new ConfinedDir(await fs.open(rootReal, O_PATH | O_DIRECTORY | O_NOFOLLOW), '', rootReal);
  try {
    await root.verify();
    return root;
  } catch (error) {
    await root.close();
    throw error;
  }
}

/** The child folder `name` of `dir`, created first when missing and `create` is asked for; null when it is a link. */
async function descend(dir: ConfinedDir, name: string, options: LocateOptions): Promise<ConfinedDir | null> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await dir.openDir(name);
    } catch (error) {
      const code = errno(error);
      if ((code === 'ENOTDIR' || code === 'ELOOP') && (await dir.lstatOrNull(name))?.isSymbolicLink()) return null;
      if (code !== 'ENOENT' || !options.create || attempt > 0) throw error;
    }
    try {
      await dir.mkdir(name);
      options.created?.push(dir.child(name));
    } catch (error) {
      // Made meanwhile by someone else: used as it is (and opened without following, as any other).
      if (errno(error) !== 'EEXIST') throw error;
    }
  }
}

/**
 * Walks `path` from the root one folder at a time, each opened by descriptor relative to the one
 * before with O_NOFOLLOW, so no link is ever followed by the kernel and nothing swapped in on the
 * way can lead out. A link met on the way is read, never followed: its target (relative, or
 * absolute inside the root) is walked again from the root the same way, and one leading out is
 * refused (PathEscapeError). The folder answered is checked to be inside the root by the
 * kernel's own account (/proc/self/fd). The caller closes `dir`.
 */
export async function locate(rootReal: string, path: string, options: LocateOptions = {}): Promise<Located> {
  let queue = pathParts(path);
  for (let links = 0; links <= MAX_LINKS; links += 1) {
    let dir = await openRoot(rootReal);
    let keep = false;
    try {
      let redirect: string[] | null = null;
      for (let i = 0; i < queue.length && !redirect; i += 1) {
        const name = queue[i];
        if (i === queue.length - 1) {
          const stats = options.followFinal ? await dir.lstatOrNull(name) : null;
          if (stats?.isSymbolicLink()) {
            redirect = linkDestination(rootReal, dir.path, await dir.readlink(name), path);
            break;
          }
          keep = true;
          return { dir, name };
        }
        const next = await descend(dir, name, options);
        if (!next) {
          redirect = [...linkDestination(rootReal, dir.path, await dir.readlink(name), path), ...queue.slice(i + 1)];
          break;
        }
        await dir.close();
        dir = next;
      }
      if (!redirect) {
        keep = true;
        return { dir, name: '' };
      }
      queue = redirect;
    } finally {
      if (!keep) await dir.close();
    }
  }
  throw Object.assign(new Error(`Too many links in "${path}".`), { code: 'ELOOP' });
}
