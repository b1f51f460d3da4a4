import { HttpError } from '../../lib/errors';
import type { RootedFileSystem } from '../../runtime/RootedFileSystem';
import { checkUserPath } from './checkUserPath';
import type { DiskBudget } from './DiskQuota';
import { allowAll, type FileGuard } from './fileGuard';

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
 * Saves the editor's content atomically. Writing to a path that does not exist is a create
 * (file.create, the missing folders above it too), replacing a file an update (file.update):
 * checked before anything is written and again right before the file is put in place. Only
 * the growth over the current size counts against the disk space; the mode of an existing file is kept.
 */
export async function writeFromEditor(files: RootedFileSystem, path: string, content: Buffer, budget: DiskBudget, guard: FileGuard = allowAll): Promise<void> {
  checkUserPath(path);
  let taken = false;
  const onTarget = (existing: { size: number } | null) => {
    guard(existing ? 'file.update' : 'file.create');
    if (!taken) budget.take(content.length - (existing?.size ?? 0));
    taken = true;
  };
  try {
    await files.writeStream(path, [content], { keepMode: true, createFolders: false, onTarget });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    guard('file.create');
    await files.writeStream(path, [content], { keepMode: true, onTarget });
  }
}
