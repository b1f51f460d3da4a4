import { HttpError } from '../../lib/errors';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import { joinUserPath, parentPath } from './checkUserPath';
import { allowAll, type FileGuard } from './fileGuard';
import { invalidUploadPath } from './uploadPath';

/**
 * Moves the staged files (`staged`: name below `directory` → the staged file's path) into
 * `directory` and creates the `folders` asked for (empty folders of a folder uploaded whole),
 * names and folders being relative paths checked by `uploadPath`. Everything is looked at before
 * anything moves: a path leading out (a link), a file onto a folder or a folder onto a file
 * refuses the upload, and replacing a file needs file.update. Then each file's folders are made
 * and the file moved in through the port, which walks every path without following links; so a
 * folder swapped for a link meanwhile refuses the upload instead of leading it out. Should
 * anything fail, the files moved in that replaced nothing and the folders created are removed
 * again, so a failed upload leaves no trace.
 */
export async function placeUploads(files: ServerFiles, directory: string, staged: ReadonlyMap<string, string>, folders: Iterable<string> = [], guard: FileGuard = allowAll): Promise<void> {
  const replaces = new Set<string>();
  for (const name of staged.keys()) {
    const existing = await files.lstat(joinUserPath(directory, name));
    if (existing?.kind === 'directory') throw new HttpError(409, `"${name}" is a folder; it cannot be replaced by a file.`);
    if (existing) replaces.add(name);
  }
  const newFolders: string[] = [];
  for (const name of folders) {
    const parts = name.split('/');
    if (parts.some((_, index) => staged.has(parts.slice(0, index + 1).join('/')))) throw invalidUploadPath(name, 'a file of this upload has that name.', 'folders');
    const existing = await files.stat(joinUserPath(directory, name));
    if (existing && existing.kind !== 'directory') throw new HttpError(409, `"${name}" is a file; it cannot be replaced by a folder.`);
    if (!existing) newFolders.push(name);
  }
  if (replaces.size > 0) guard('file.update');
  const created: string[] = [];
  const movedIn: string[] = [];
  try {
    for (const [name, stagedPath] of staged) {
      const path = joinUserPath(directory, name);
      created.push(...(await files.mkdir(parentPath(path))));
      if ((await files.lstat(path))?.kind === 'directory') throw new HttpError(409, `"${name}" is a folder; it cannot be replaced by a file.`);
      await files.rename(stagedPath, path, { replace: true });
      if (!replaces.has(name)) movedIn.push(path);
    }
    for (const name of newFolders) created.push(...(await files.mkdir(joinUserPath(directory, name))));
  } catch (error) {
    for (const file of movedIn) await files.remove(file).catch(() => undefined);
    // Deepest first; a folder something else put a file into meanwhile stays (and a link swapped in, too).
    for (const folder of created.reverse()) await files.removeEmptyFolder(folder).catch(() => undefined);
    throw error;
  }
}
