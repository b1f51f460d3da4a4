import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { HttpError } from '../lib/errors';
import { PathEscapeError, type RootedFileSystem } from '../runtime/RootedFileSystem';
import { joinUserPath } from './checkUserPath';
import { invalidUploadPath } from './uploadPath';

interface Placement {
  /** The path as the client gave it, below the upload folder. */
  userPath: string;
  /** Where the file lands (its folder resolved inside the root, symlinks followed). */
  target: string;
  /** A file of that name was there before: it is replaced and cannot be brought back. */
  replaces: boolean;
}

/** A folder the upload asks for that is not there yet. */
interface FolderPlacement {
  userPath: string;
  /** Where it is created (resolved inside the root, symlinks followed). */
  target: string;
}

const exists = (path: string) => fs.lstat(path).then(() => true, () => false);

/** Creates the folders missing above `folder` one level at a time, recording each one created. */
async function createMissingFolders(folder: string, created: string[]): Promise<void> {
  const missing: string[] = [];
  for (let dir = folder; !(await exists(dir)); dir = dirname(dir)) missing.unshift(dir);
  // Not recursive: an entry that appeared meanwhile (a symlink swapped in) fails with EEXIST...
  for (const dir of missing) {
    try {
      await fs.mkdir(dir, { mode: 0o755 });
      created.push(dir);
    } catch (error) {
      // ...unless it is a real folder: another upload into the same new folder (files are sent two
      // at a time) created it meanwhile. It is used as it is and, not being ours, never removed.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !(await fs.lstat(dir)).isDirectory()) throw error;
    }
  }
}

/**
 * Resolves the folders an upload asks for (fully, symlinks followed: one leading out, or dangling,
 * is refused) and keeps those not there yet. A folder named like a file of the same upload, or
 * below one, is refused (422); one where a file is on disk is a conflict (409).
 */
async function planFolders(files: RootedFileSystem, directory: string, folders: Iterable<string>, fileNames: ReadonlySet<string>): Promise<FolderPlacement[]> {
  const planned: FolderPlacement[] = [];
  for (const name of folders) {
    const parts = name.split('/');
    if (parts.some((_, index) => fileNames.has(parts.slice(0, index + 1).join('/')))) throw invalidUploadPath(name, 'a file of this upload has that name.', 'folders');
    const userPath = joinUserPath(directory, name);
    const target = await files.resolve(userPath);
    const existing = await fs.lstat(target).catch(() => null);
    if (existing && !existing.isDirectory()) throw new HttpError(409, `"${name}" is a file; it cannot be replaced by a folder.`);
    if (!existing) planned.push({ userPath, target });
  }
  return planned;
}

/**
 * Moves staged files (`stagingPath/<name>`) to `directory/<name>` and creates the `folders` asked
 * for (empty folders of a folder uploaded whole), names and folders being relative paths checked
 * by `uploadPath`. Every destination is resolved and checked before anything moves: inside the
 * root with symlinks followed, a file not onto a folder, a folder not onto a file. Then the missing
 * folders are created and each file is renamed in, its destination resolved once more right before
 * (a folder swapped for a symlink is refused); each folder asked for is checked once more after it
 * is created. Should anything still fail, the files moved in that replaced nothing and the folders
 * created are removed again, so a failed upload leaves no trace behind.
 */
export async function placeUploads(files: RootedFileSystem, directory: string, stagingPath: string, names: Iterable<string>, folders: Iterable<string> = []): Promise<void> {
  const placements = new Map<string, Placement>();
  for (const name of names) {
    const userPath = joinUserPath(directory, name);
    const target = await files.resolveEntry(userPath);
    const existing = await fs.lstat(target).catch(() => null);
    if (existing?.isDirectory()) throw new HttpError(409, `"${name}" is a folder; it cannot be replaced by a file.`);
    placements.set(name, { userPath, target, replaces: existing !== null });
  }
  const folderPlacements = await planFolders(files, directory, folders, new Set(placements.keys()));
  const createdFolders: string[] = [];
  const movedIn: string[] = [];
  try {
    for (const [name, { userPath, target, replaces }] of placements) {
      await createMissingFolders(dirname(target), createdFolders);
      if ((await files.resolveEntry(userPath)) !== target) throw new PathEscapeError(userPath);
      await fs.rename(join(stagingPath, name), target);
      if (!replaces) movedIn.push(target);
    }
    for (const { userPath, target } of folderPlacements) {
      await createMissingFolders(target, createdFolders);
      if ((await files.resolve(userPath)) !== target) throw new PathEscapeError(userPath);
    }
  } catch (error) {
    for (const file of movedIn) await fs.rm(file, { force: true });
    // Deepest first; a folder something else put a file into meanwhile stays.
    for (const folder of createdFolders.reverse()) await fs.rmdir(folder).catch(() => undefined);
    throw error;
  }
}
