import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileInfo, ServerFiles } from '../../runtime/files/ServerFiles';

/** Permission bits only (a mode as stat gives it also carries the type). */
const permissions = (info: { mode: number }) => info.mode & 0o7777;

/** Copies one file of the server's files to `target`, a file of the panel's own, keeping its mode and time. */
async function copyFileOut(files: ServerFiles, path: string, target: string): Promise<void> {
  const { stream, info } = await files.readStream(path);
  await pipeline(stream, createWriteStream(target, { mode: permissions(info) | 0o600 }));
  await fs.utimes(target, new Date(info.mtimeMs), new Date(info.mtimeMs));
}

/**
 * Copies the entry `path` of a server's files (a file or a folder with its content) to `target`,
 * a path of the panel's own data dir, through the file port. Links are never entered nor copied
 * (the port describes them without following); nothing at `path` copies nothing. Answers whether
 * something was copied.
 */
export async function copyOutOfServer(files: ServerFiles, path: string, target: string): Promise<boolean> {
  const top = await files.lstat(path);
  if (!top || (top.kind !== 'file' && top.kind !== 'directory')) return false;
  if (top.kind === 'file') {
    await copyFileOut(files, path, target);
    return true;
  }
  await fs.mkdir(target, { recursive: true, mode: permissions(top) | 0o700 });
  const folders: Array<{ path: string; info: FileInfo }> = [];
  for await (const entry of files.walk(path)) {
    const local = join(target, ...entry.path.split('/'));
    if (entry.kind === 'directory') {
      await fs.mkdir(local, { mode: permissions(entry) | 0o700 });
      folders.push({ path: local, info: entry });
    } else if (entry.kind === 'file') {
      await copyFileOut(files, `${path}/${entry.path}`, local);
    }
  }
  // Times last: writing a folder's content changes its time.
  for (const folder of folders.reverse()) await fs.utimes(folder.path, new Date(folder.info.mtimeMs), new Date(folder.info.mtimeMs));
  return true;
}

/**
 * Copies `source`, a file or folder of the panel's own data dir, into the server's files at
 * `path` through the file port (files written atomically, modes kept). Links in `source` are
 * left out.
 */
export async function copyIntoServer(source: string, files: ServerFiles, path: string): Promise<void> {
  const stats = await fs.lstat(source);
  if (stats.isFile()) {
    await files.writeStream(path, createReadStream(source), { mode: stats.mode & 0o7777 });
    return;
  }
  if (!stats.isDirectory()) return;
  await files.mkdir(path);
  await files.chmod(path, stats.mode & 0o7777);
  for (const name of await fs.readdir(source)) await copyIntoServer(join(source, name), files, `${path}/${name}`);
}
