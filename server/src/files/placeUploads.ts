import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { HttpError } from '../lib/errors';
import { PathEscapeError, type RootedFileSystem } from '../runtime/RootedFileSystem';
import { joinUserPath } from './checkUserPath';

interface Placement {
  /** The path as the client gave it, below the upload folder. */
  userPath: string;
  /** Where the file lands (its folder resolved inside the root, symlinks followed). */
  target: string;
  /** A file of that name was there before: it is replaced and cannot be brought back. */
  replaces: boolean;
}

const exists = (path: string) => fs.lstat(path).then(() => true, () => false);

/** Creates the folders missing above `folder` one level at a time, recording each one created. */
async function createMissingFolders(folder: string, created: string[]): Promise<void> {
  const missing: string[] = [];
  for (let dir = folder; !(await exists(dir)); dir = dirname(dir)) missing.unshift(dir);
  // Not recursive: an entry that appeared meanwhile (a symlink swapped in) fails with EEXIST.
  for (const dir of missing) {
    await fs.mkdir(dir, { mode: 0o755 });
    created.push(dir);
  }
}

/**
 * Moves staged files (`stagingPath/<name>`) to `directory/<name>`, names being relative paths
 * checked by `uploadPath`. Every destination is resolved and checked before anything moves: inside
 * the root with symlinks followed, not a folder. Then the missing folders are created and each file
 * is renamed in, its destination resolved once more right before (a folder swapped for a symlink
 * is refused). Should a move still fail, the files moved in that replaced nothing and the folders
 * created are removed again, so a failed upload leaves no trace behind.
 */
export async function placeUploads(files: RootedFileSystem, directory: string, stagingPath: string, names: Iterable<string>): Promise<void> {
  const placements = new Map<string, Placement>();
  for (const name of names) {
    const userPath = joinUserPath(directory, name);
    const target = await files.resolveEntry(userPath);
    const existing = await fs.lstat(target).catch(() => null);
    if (existing?.isDirectory()) throw new HttpError(409, `"${name}" is a folder; it cannot be replaced by a file.`);
    placements.set(name, { userPath, target, replaces: existing !== null });
  }
  const createdFolders: string[] = [];
  const movedIn: string[] = [];
  try {
    for (const [name, { userPath, target, replaces }] of placements) {
      await createMissingFolders(dirname(target), createdFolders);
      if ((await files.resolveEntry(userPath)) !== target) throw new PathEscapeError(userPath);
      await fs.rename(join(stagingPath, name), target);
      if (!replaces) movedIn.push(target);
    }
  } catch (error) {
    for (const file of movedIn) await fs.rm(file, { force: true });
    // Deepest first; a folder something else put a file into meanwhile stays.
    for (const folder of createdFolders.reverse()) await fs.rmdir(folder).catch(() => undefined);
    throw error;
  }
}
