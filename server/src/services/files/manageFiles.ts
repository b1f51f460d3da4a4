import { HttpError } from '../../lib/errors';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import { checkUserPath, joinUserPath, parentPath, pathParts } from './checkUserPath';
import { allowAll, type FileGuard } from './fileGuard';

const rootRefused = () => new HttpError(400, "The server's root folder cannot be changed this way.");
export const enoent = () => Object.assign(new Error('No such file or folder.'), { code: 'ENOENT' });

/** `path` checked as a path of an entry the client may change: inside the root, not the root itself. */
export function entryPath(path: string): string {
  if (pathParts(checkUserPath(path)).length === 0) throw rootRefused();
  return path;
}

/** Creates `name` (may hold subfolders) under `root`; 409 when it exists. */
export async function createFolder(files: ServerFiles, root: string, name: string): Promise<string> {
  const path = entryPath(joinUserPath(root, name));
  await files.mkdir(path, { exclusive: true });
  return path;
}

/**
 * Renames or moves each `from` to `to` (both relative to `root`), never replacing an existing
 * entry (409); links are moved themselves. A move into folders that do not exist creates them,
 * which needs file.create. The moves run one after the other and stop at the first failure.
 */
export async function renameEntries(files: ServerFiles, root: string, moves: Array<{ from: string; to: string }>, guard: FileGuard = allowAll): Promise<void> {
  for (const { from, to } of moves) {
    const [fromPath, toPath] = [entryPath(joinUserPath(root, from)), entryPath(joinUserPath(root, to))];
    if (pathParts(fromPath).join('/') === pathParts(toPath).join('/')) continue;
    if (await files.lstat(toPath)) throw new HttpError(409, `"${to}" already exists.`);
    if (!(await files.lstat(fromPath))) throw enoent();
    if (!(await files.stat(parentPath(toPath)))) guard('file.create');
    await files.rename(fromPath, toPath, { createFolders: true });
  }
}

/** Deletes each entry (folders with their content; a symlink itself, never its target). */
export async function deleteEntries(files: ServerFiles, root: string, names: string[]): Promise<void> {
  // Every path is checked before the first is deleted: one leading out refuses them all.
  const paths = names.map((name) => entryPath(joinUserPath(root, name)));
  for (const path of paths) if (!(await files.lstat(path)) && !(await files.stat(parentPath(path)))) throw enoent();
  for (const path of paths) {
    if (!(await files.lstat(path))) throw enoent();
    await files.remove(path);
  }
}

/**
 * Sets the permission bits (e.g. "755") of each file or folder; a link inside the root changes
 * what it points to (found by walking its target inside the root, never by following it).
 */
export async function changeModes(files: ServerFiles, root: string, changes: Array<{ file: string; mode: string }>): Promise<void> {
  const paths = changes.map(({ file }) => checkUserPath(joinUserPath(root, file)));
  for (const path of paths) await files.stat(path);
  for (const [index, { mode }] of changes.entries()) await files.chmod(paths[index], parseInt(mode, 8));
}
