import { HttpError } from '../../lib/errors';
import type { Located, RootedFileSystem } from '../../runtime/RootedFileSystem';
import { removeTree } from '../../runtime/confined/removeTree';
import { checkUserPath, joinUserPath } from './checkUserPath';
import { allowAll, type FileGuard } from './fileGuard';

const rootRefused = () => new HttpError(400, "The server's root folder cannot be changed this way.");
const enoent = () => Object.assign(new Error('No such file or folder.'), { code: 'ENOENT' });

/** Runs `effect` on the entry itself at `path` (a link is not followed); the root itself is refused. */
export async function atEntry<T>(files: RootedFileSystem, path: string, effect: (located: Located) => Promise<T>, create = false): Promise<T> {
  return files.at(checkUserPath(path), { create }, async (dir, name) => {
    if (!name) throw rootRefused();
    return effect({ dir, name });
  });
}

/** Creates `name` (may hold subfolders) under `root`; 409 when it exists. */
export async function createFolder(files: RootedFileSystem, root: string, name: string): Promise<string> {
  const path = joinUserPath(root, name);
  await atEntry(files, path, ({ dir, name: last }) => dir.mkdir(last), true);
  return path;
}

/** Whether the folder holding `path` exists (null: it does not, and a move there would create it). */
async function locateExisting(files: RootedFileSystem, path: string): Promise<Located | null> {
  try {
    return await files.locate(checkUserPath(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Renames or moves each `from` to `to` (both relative to `root`), never replacing an existing
 * entry (409). Both ends are located by descriptor (see RootedFileSystem) and the rename is made
 * relative to those descriptors, links moved themselves. A move into folders that do not exist
 * creates them, which needs file.create. The moves run one after the other and stop at the first failure.
 */
export async function renameEntries(files: RootedFileSystem, root: string, moves: Array<{ from: string; to: string }>, guard: FileGuard = allowAll): Promise<void> {
  for (const { from, to } of moves) {
    await atEntry(files, joinUserPath(root, from), async (source) => {
      const toPath = joinUserPath(root, to);
      let target = await locateExisting(files, toPath);
      try {
        if (target && !target.name) throw rootRefused();
        if (target && target.dir.path === source.dir.path && target.name === source.name) return;
        if (target && (await target.dir.lstatOrNull(target.name))) throw new HttpError(409, `"${to}" already exists.`);
        if (!(await source.dir.lstatOrNull(source.name))) throw enoent();
        if (!target) {
          guard('file.create');
          target = await files.locate(toPath, { create: true });
          if (!target.name) throw rootRefused();
        }
        await source.dir.rename(source.name, target.dir, target.name);
      } finally {
        await target?.dir.close();
      }
    });
  }
}

/** Deletes each entry (folders with their content; a symlink itself, never its target). */
export async function deleteEntries(files: RootedFileSystem, root: string, names: string[]): Promise<void> {
  // Every path is checked before the first is deleted: one leading out refuses them all.
  for (const name of names) await atEntry(files, joinUserPath(root, name), async () => undefined);
  for (const name of names) {
    await atEntry(files, joinUserPath(root, name), async ({ dir, name: last }) => {
      if (!(await dir.lstatOrNull(last))) throw enoent();
      await removeTree(dir, last);
    });
  }
}

/**
 * Sets the permission bits (e.g. "755") of each file or folder; a link inside the root changes
 * what it points to, found by walking its target inside the root (never by following it).
 */
export async function changeModes(files: RootedFileSystem, root: string, changes: Array<{ file: string; mode: string }>): Promise<void> {
  for (const { file } of changes) await files.at(checkUserPath(joinUserPath(root, file)), { followFinal: true }, async () => undefined);
  for (const { file, mode } of changes) await files.chmod(checkUserPath(joinUserPath(root, file)), parseInt(mode, 8));
}
