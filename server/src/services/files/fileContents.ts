import { HttpError } from '../../lib/errors';
import type { FileInfo, ServerFiles } from '../../runtime/files/ServerFiles';
import { checkUserPath } from './checkUserPath';
import type { DiskBudget } from './DiskQuota';
import { allowAll, type FileGuard } from './fileGuard';

const MiB = 1024 * 1024;

/** A file's bytes for the editor; 413 above `limitBytes` (such files are downloaded instead). */
export async function readForEditor(files: ServerFiles, path: string, limitBytes: number): Promise<Buffer> {
  try {
    return await files.readFile(checkUserPath(path), limitBytes);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EFBIG') throw error;
    throw new HttpError(413, `The file is larger than ${limitBytes / MiB} MiB and cannot be opened in the editor; download it instead.`);
  }
}

/**
 * Saves the editor's content atomically. Writing to a path that does not exist is a create
 * (file.create, the missing folders above it too), replacing a file an update (file.update):
 * checked before anything is written and again right before the file is put in place. Only
 * the growth over the current size counts against the disk space; the mode of an existing file is kept.
 */
export async function writeFromEditor(files: ServerFiles, path: string, content: Buffer, budget: DiskBudget, guard: FileGuard = allowAll): Promise<void> {
  checkUserPath(path);
  let taken = false;
  const onTarget = (existing: FileInfo | null) => {
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

/** What is at `path` when it is a regular file (a link inside the root looked through); ENOENT or EISDIR otherwise. */
export async function regularFile(files: ServerFiles, path: string): Promise<FileInfo> {
  const info = await files.stat(checkUserPath(path));
  if (!info) throw Object.assign(new Error('No such file.'), { code: 'ENOENT' });
  if (info.kind !== 'file') throw Object.assign(new Error(`"${path}" is not a file.`), { code: 'EISDIR' });
  return info;
}
