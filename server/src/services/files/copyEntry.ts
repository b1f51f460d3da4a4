import { basename, extname } from 'node:path';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import { joinUserPath, parentPath, pathParts } from './checkUserPath';
import type { DiskBudget } from './DiskQuota';
import { enoent, entryPath } from './manageFiles';

/** "name copy.ext", then "name copy 2.ext" …: the first name free beside the original. */
async function copyName(files: ServerFiles, folder: string, name: string, isDirectory: boolean): Promise<string> {
  const extension = isDirectory ? '' : extname(name);
  const stem = basename(name, extension);
  for (let n = 1; ; n += 1) {
    const candidate = `${stem} copy${n > 1 ? ` ${n}` : ''}${extension}`;
    if (!(await files.lstat(joinUserPath(folder, candidate)))) return candidate;
  }
}

/**
 * Copies a file or folder beside itself. Symlinks inside are copied as links (never followed),
 * so a copy cannot pull in files from outside the root; the copy appears whole or not at all.
 * Each file's bytes count against `budget` before they are copied. Answers the copy's name.
 */
export async function copyEntry(files: ServerFiles, location: string, budget: DiskBudget): Promise<string> {
  const path = entryPath(location);
  const source = await files.lstat(path);
  if (!source) throw enoent();
  const folder = parentPath(path);
  const target = await copyName(files, folder, pathParts(path).at(-1)!, source.kind === 'directory');
  await files.copy(path, joinUserPath(folder, target), { onFile: (bytes) => budget.take(bytes) });
  return target;
}
