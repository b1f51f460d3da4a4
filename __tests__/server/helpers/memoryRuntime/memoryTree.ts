import { PathEscapeError } from '../../../../server/src/runtime/files/PathEscapeError';
import type { FileInfo } from '../../../../server/src/runtime/files/ServerFiles';

/** A node of an in-memory folder tree: a folder, a file or a link (where it points, as written). */
export type MemoryNode = MemoryFolder | MemoryFile | MemoryLink;

interface NodeTimes {
  mode: number;
  mtimeMs: number;
  ctimeMs: number;
  birthtimeMs: number;
}

export interface MemoryFolder extends NodeTimes {
  kind: 'directory';
  children: Map<string, MemoryNode>;
  parent: MemoryFolder | null;
}

export interface MemoryFile extends NodeTimes {
  kind: 'file';
  content: Buffer;
}

export interface MemoryLink extends NodeTimes {
  kind: 'symlink';
  target: string;
}

const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;
// As the kernel's own limit on links followed in one path.
const MAX_LINKS = 40;

let lastStamp = 0;
/** A time for a change, later than every one before (two changes in one millisecond still differ). */
export function stamp(): number {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return lastStamp;
}

export const failure = (code: string, message: string) => Object.assign(new Error(message), { code });

export function newFolder(parent: MemoryFolder | null, mode = 0o755): MemoryFolder {
  const now = stamp();
  return { kind: 'directory', children: new Map(), parent, mode: S_IFDIR | (mode & 0o7777), mtimeMs: now, ctimeMs: now, birthtimeMs: now };
}

export function newFile(content: Buffer, mode = 0o644): MemoryFile {
  const now = stamp();
  return { kind: 'file', content, mode: S_IFREG | (mode & 0o7777), mtimeMs: now, ctimeMs: now, birthtimeMs: now };
}

export function newLink(target: string): MemoryLink {
  const now = stamp();
  return { kind: 'symlink', target, mode: S_IFLNK | 0o777, mtimeMs: now, ctimeMs: now, birthtimeMs: now };
}

/** A folder's names changed: its times move on. */
export function touched(folder: MemoryFolder): void {
  const now = stamp();
  folder.mtimeMs = now;
  folder.ctimeMs = now;
}

/** What the port says of `node`, named `name`. */
export function infoOf(name: string, node: MemoryNode): FileInfo {
  const size = node.kind === 'file' ? node.content.length : node.kind === 'symlink' ? Buffer.byteLength(node.target) : 4096;
  const info: FileInfo = { name, kind: node.kind, size, mode: node.mode, mtimeMs: node.mtimeMs, ctimeMs: node.ctimeMs, birthtimeMs: node.birthtimeMs };
  if (node.kind === 'symlink') info.linkTarget = node.target;
  return info;
}

/** The parts of a path below the root, as RootedFileSystem reads them: `..` may never go above the root. */
export function partsOf(path: string, label = path): string[] {
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

/** The folder holding the last name of a path, that name ('' for the root) and the folder's parts. */
export interface Located {
  folder: MemoryFolder;
  name: string;
  folderParts: string[];
}

/**
 * Walks `path` from `root` as the local port does: links met on the way are followed only while
 * they lead to a place inside the root (a relative target; an absolute one leads out, as this
 * tree has no place on a disk), the last name only with `followFinal`; `create` makes the
 * missing folders on the way (collected in `created`).
 */
export function locate(root: MemoryFolder, path: string, options: { followFinal?: boolean; create?: boolean; created?: string[] } = {}): Located {
  let queue = partsOf(path);
  for (let links = 0; links <= MAX_LINKS; links += 1) {
    let folder = root;
    const walked: string[] = [];
    let redirect: string[] | null = null;
    for (let i = 0; i < queue.length; i += 1) {
      const name = queue[i];
      let node = folder.children.get(name);
      const last = i === queue.length - 1;
      if (last && !(options.followFinal && node?.kind === 'symlink')) return { folder, name, folderParts: walked };
      if (!node && options.create) {
        node = newFolder(folder);
        folder.children.set(name, node);
        touched(folder);
        options.created?.push([...walked, name].join('/'));
      }
      if (!node) throw failure('ENOENT', `"${path}" does not exist.`);
      if (node.kind === 'symlink') {
        if (node.target.startsWith('/')) throw new PathEscapeError(path);
        redirect = [...partsOf([...walked, node.target].join('/'), path), ...queue.slice(i + 1)];
        break;
      }
      if (node.kind !== 'directory') throw failure('ENOTDIR', `A part of "${path}" is not a folder.`);
      folder = node;
      walked.push(name);
    }
    if (!redirect) return { folder, name: '', folderParts: walked };
    queue = redirect;
  }
  throw failure('ELOOP', `Too many links in "${path}".`);
}

/** The node a located name stands for (the root itself for ''), or undefined. */
export function nodeAt({ folder, name }: Located, root: MemoryFolder): MemoryNode | undefined {
  return name ? folder.children.get(name) : root;
}
