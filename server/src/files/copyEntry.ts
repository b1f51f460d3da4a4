import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { directorySize } from '../runtime/local/DiskUsage';
import type { RootedFileSystem } from '../runtime/RootedFileSystem';
import type { DiskBudget } from './DiskQuota';
import { entryPath } from './manageFiles';

/** "name copy.ext", then "name copy 2.ext" …: the first name free beside the original. */
async function copyName(source: string, isDirectory: boolean): Promise<string> {
  const extension = isDirectory ? '' : extname(source);
  const stem = basename(source, extension);
  for (let n = 1; ; n += 1) {
    const candidate = join(dirname(source), `${stem} copy${n > 1 ? ` ${n}` : ''}${extension}`);
    if (!(await fs.lstat(candidate).then(() => true, () => false))) return candidate;
  }
}

/**
 * Copies a file or folder beside itself. Symlinks inside are copied as links (never followed),
 * so a copy cannot pull in files from outside the root. Answers the copy's name.
 */
export async function copyEntry(files: RootedFileSystem, location: string, budget: DiskBudget): Promise<string> {
  const source = await entryPath(files, location);
  const stats = await fs.lstat(source);
  budget.take(stats.isDirectory() ? await directorySize(source) : stats.size);
  const target = await copyName(source, stats.isDirectory());
  // Copied under a hidden name first, so a failure halfway leaves no partial copy.
  const temp = join(dirname(source), `.copy-${randomBytes(6).toString('hex')}`);
  try {
    await fs.cp(source, temp, { recursive: true, errorOnExist: true, force: false, verbatimSymlinks: true, preserveTimestamps: true });
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    throw error;
  }
  return basename(target);
}
