import { promises as fs } from 'node:fs';
import { dirname } from 'node:path';
import { HttpError } from '../lib/errors';
import type { RootedFileSystem } from '../runtime/RootedFileSystem';
import { checkUserPath, joinUserPath } from './checkUserPath';

/** The entry itself (a symlink is not followed); the root itself is refused. */
export async function entryPath(files: RootedFileSystem, path: string): Promise<string> {
  const absolute = await files.resolveEntry(checkUserPath(path));
  if (absolute === (await fs.realpath(files.root))) throw new HttpError(400, "The server's root folder cannot be changed this way.");
  return absolute;
}

/** Creates `name` (may hold subfolders) under `root`; 409 when it exists. */
export async function createFolder(files: RootedFileSystem, root: string, name: string): Promise<string> {
  const path = joinUserPath(root, name);
  const target = await entryPath(files, path);
  await fs.mkdir(dirname(target), { recursive: true });
  await fs.mkdir(target);
  return path;
}

/**
 * Renames or moves each `from` to `to` (both relative to `root`), never replacing an existing
 * entry (409). The moves run one after the other and stop at the first failure.
 */
export async function renameEntries(files: RootedFileSystem, root: string, moves: Array<{ from: string; to: string }>): Promise<void> {
  for (const { from, to } of moves) {
    const source = await entryPath(files, joinUserPath(root, from));
    const target = await entryPath(files, joinUserPath(root, to));
    if (source === target) continue;
    if (await fs.lstat(target).then(() => true, () => false)) throw new HttpError(409, `"${to}" already exists.`);
    await fs.lstat(source);
    await fs.mkdir(dirname(target), { recursive: true });
    await fs.rename(source, target);
  }
}

/** Deletes each entry (folders with their content; a symlink itself, never its target). */
export async function deleteEntries(files: RootedFileSystem, root: string, names: string[]): Promise<void> {
  const targets = await Promise.all(names.map((name) => entryPath(files, joinUserPath(root, name))));
  for (const target of targets) {
    await fs.lstat(target);
    await fs.rm(target, { recursive: true, force: true });
  }
}

/**
 * Sets the permission bits (e.g. "755"). The path is resolved with symlinks followed and must
 * stay inside the root, so a link cannot be used to change a file outside.
 */
export async function changeModes(files: RootedFileSystem, root: string, changes: Array<{ file: string; mode: string }>): Promise<void> {
  const targets = await Promise.all(changes.map(async ({ file, mode }) => ({ target: await files.resolve(checkUserPath(joinUserPath(root, file))), mode: parseInt(mode, 8) })));
  for (const { target, mode } of targets) await fs.chmod(target, mode);
}
