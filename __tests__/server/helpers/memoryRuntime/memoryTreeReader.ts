import { PathEscapeError } from '../../../../server/src/runtime/files/PathEscapeError';
import type { TreeReader } from '../../../../server/src/runtime/files/ServerFiles';
import { failure, infoOf, type MemoryFolder } from './memoryTree';

/** The names of a path below a tree's base, as the local reader takes them: no `.`, `..` or NUL. */
function namesOf(path: string): string[] {
  const names = path.split('/').filter((part) => part !== '');
  if (names.some((name) => name === '.' || name === '..' || name.includes('\0'))) throw new PathEscapeError(path);
  return names;
}

/** The folder `names` below `base`, entered without following any link (a link there is ENOTDIR, as O_NOFOLLOW answers). */
function folderBelow(base: MemoryFolder, names: string[], path: string): MemoryFolder {
  let folder = base;
  for (const name of names) {
    const node = folder.children.get(name);
    if (!node) throw failure('ENOENT', `"${path}" does not exist.`);
    if (node.kind !== 'directory') throw failure('ENOTDIR', `A part of "${path}" is not a folder.`);
    folder = node;
  }
  return folder;
}

/**
 * The TreeReader of an in-memory tree, with the local reader's rules: no link is followed, on the
 * way or at the end; a file opened keeps the content it had (a later write replaces the node, as
 * a rename replaces a file on a disk). `base` finds the base folder at the first effect.
 */
export function memoryTreeReader(base: () => MemoryFolder): TreeReader {
  let held: MemoryFolder | null = null;
  const baseFolder = () => (held ??= base());
  const orNull = <T>(look: () => T): T | null => {
    try {
      return look();
    } catch (error) {
      if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
      throw error;
    }
  };
  return {
    lstat: async (path) =>
      orNull(() => {
        const names = namesOf(path);
        const name = names.pop();
        const folder = folderBelow(baseFolder(), names, path);
        if (name === undefined) return infoOf('', folder);
        const node = folder.children.get(name);
        return node ? infoOf(name, node) : null;
      }),
    open: async (path) => {
      const names = namesOf(path);
      const name = names.pop();
      if (name === undefined) throw failure('EISDIR', 'The base folder of a tree is not a file.');
      const node = folderBelow(baseFolder(), names, path).children.get(name);
      if (!node) throw failure('ENOENT', `"${path}" does not exist.`);
      if (node.kind === 'symlink') throw failure('ELOOP', `"${path}" is a link.`);
      if (node.kind !== 'file') throw failure('EISDIR', `"${path}" is not a file.`);
      const { content } = node;
      return {
        info: infoOf(name, node),
        read: async (buffer, offset, length, position) => content.copy(buffer, offset, position, Math.min(content.length, position + length)),
        close: async () => undefined,
      };
    },
    close: async () => undefined,
  };
}
