import { HttpError } from '../../lib/errors';
import type { ConfinedDir, RootedFileSystem } from '../../runtime/RootedFileSystem';
import { joinUserPath } from './checkUserPath';
import { allowAll, type FileGuard } from './fileGuard';
import { invalidUploadPath } from './uploadPath';

/** What is at `path` now (`followFinal`: a link inside the root looked through); null when nothing is, folders above included. */
async function lookAt(files: RootedFileSystem, path: string, followFinal: boolean) {
  try {
    return await files.at(path, { followFinal }, (dir, name) => (name ? dir.lstatOrNull(name) : dir.stat()));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Moves the staged files (`staged`: name below `directory` → the staged file's name in
 * `staging`) into `directory` and creates the `folders` asked for (empty folders of a folder
 * uploaded whole), names and folders being relative paths checked by `uploadPath`. Everything is
 * looked at before anything moves: a path leading out (a link), a file onto a folder or a folder
 * onto a file refuses the upload, and replacing a file needs file.update. Then each file's
 * folder is walked (and its missing folders made) by descriptor without following links, and the
 * file renamed in relative to that descriptor; so a folder swapped for a link meanwhile refuses
 * the upload instead of leading it out. Should anything fail, the files moved in that replaced
 * nothing and the folders created are removed again, so a failed upload leaves no trace.
 */
export async function placeUploads(
  files: RootedFileSystem,
  directory: string,
  staging: ConfinedDir,
  staged: ReadonlyMap<string, string>,
  folders: Iterable<string> = [],
  guard: FileGuard = allowAll,
): Promise<void> {
  const replaces = new Set<string>();
  for (const name of staged.keys()) {
    const existing = await lookAt(files, joinUserPath(directory, name), false);
    if (existing?.isDirectory()) throw new HttpError(409, `"${name}" is a folder; it cannot be replaced by a file.`);
    if (existing) replaces.add(name);
  }
  const newFolders: string[] = [];
  for (const name of folders) {
    const parts = name.split('/');
    if (parts.some((_, index) => staged.has(parts.slice(0, index + 1).join('/')))) throw invalidUploadPath(name, 'a file of this upload has that name.', 'folders');
    const existing = await lookAt(files, joinUserPath(directory, name), true);
    if (existing && !existing.isDirectory()) throw new HttpError(409, `"${name}" is a file; it cannot be replaced by a folder.`);
    if (!existing) newFolders.push(name);
  }
  if (replaces.size > 0) guard('file.update');
  const created: string[] = [];
  const movedIn: string[] = [];
  try {
    for (const [name, stagedName] of staged) {
      const path = joinUserPath(directory, name);
      await files.at(path, { create: true, created }, async (dir, last) => {
        if ((await dir.lstatOrNull(last))?.isDirectory()) throw new HttpError(409, `"${name}" is a folder; it cannot be replaced by a file.`);
        await staging.rename(stagedName, dir, last);
        if (!replaces.has(name)) movedIn.push(dir.child(last));
      });
    }
    for (const name of newFolders) await (await files.openDir(joinUserPath(directory, name), { create: true, created })).close();
  } catch (error) {
    for (const file of movedIn) await files.at(file, {}, (dir, name) => dir.unlink(name)).catch(() => undefined);
    // Deepest first; a folder something else put a file into meanwhile stays (and a link swapped in, too).
    for (const folder of created.reverse()) await files.at(folder, {}, (dir, name) => dir.rmdir(name)).catch(() => undefined);
    throw error;
  }
}
