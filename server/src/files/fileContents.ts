import { promises as fs } from 'node:fs';
import { HttpError } from '../lib/errors';
import type { RootedFileSystem } from '../runtime/RootedFileSystem';
import { checkUserPath } from './checkUserPath';
import type { DiskBudget } from './DiskQuota';

const MiB = 1024 * 1024;

/** A file's bytes for the editor; 413 above `limitBytes` (such files are downloaded instead). */
export async function readForEditor(files: RootedFileSystem, path: string, limitBytes: number): Promise<Buffer> {
  const { handle, stats } = await files.openForRead(checkUserPath(path));
  try {
    if (stats.size > limitBytes) {
      throw new HttpError(413, `The file is larger than ${limitBytes / MiB} MiB and cannot be opened in the editor; download it instead.`);
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * Saves the editor's content atomically. Only the growth over the current size counts against
 * the disk space; the mode of an existing file is kept.
 */
export async function writeFromEditor(files: RootedFileSystem, path: string, content: Buffer, budget: DiskBudget): Promise<void> {
  checkUserPath(path);
  const target = await files.resolve(path);
  const current = await fs.stat(target).catch(() => null);
  if (current?.isDirectory()) throw new HttpError(400, 'The path is a folder, not a file.');
  budget.take(content.length - (current?.size ?? 0));
  await files.writeFile(path, content, current ? current.mode & 0o7777 : 0o644);
}
