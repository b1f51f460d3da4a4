import { promises as fs } from 'node:fs';
import { join, relative } from 'node:path';
import type { Transform } from 'node:stream';
import { create } from 'tar';
import { ZipFile } from 'yazl';
import { HttpError } from '../../lib/errors';
import type { RootedFileSystem } from '../../runtime/RootedFileSystem';
import { byteCounter } from '../byteCounter';
import { checkUserPath, joinUserPath } from '../checkUserPath';
import type { DiskBudget } from '../DiskQuota';
import { entryPath } from '../manageFiles';

/** `archive-2024-05-01T12-30-00.zip`, with " 2", " 3" … when taken. */
async function archiveName(folder: string, format: 'zip' | 'tar.gz'): Promise<string> {
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
  for (let n = 1; ; n += 1) {
    const name = `archive-${stamp}${n > 1 ? ` ${n}` : ''}.${format}`;
    if (!(await fs.lstat(join(folder, name)).then(() => true, () => false))) return name;
  }
}

/** Adds a file or folder (recursively) to the zip; symlinks are left out, never followed. */
async function addToZip(zip: ZipFile, absolute: string, metadataPath: string): Promise<void> {
  const stats = await fs.lstat(absolute);
  if (stats.isDirectory()) {
    zip.addEmptyDirectory(metadataPath, { mtime: stats.mtime, mode: stats.mode });
    for (const name of await fs.readdir(absolute)) await addToZip(zip, join(absolute, name), `${metadataPath}/${name}`);
  } else if (stats.isFile()) {
    // yazl opens each file only when its turn comes, so large folders do not exhaust descriptors.
    zip.addFile(absolute, metadataPath, { mtime: stats.mtime, mode: stats.mode });
  }
}

function zipStream(folder: string, sources: string[], counter: Transform): void {
  const zip = new ZipFile();
  zip.outputStream.on('error', (error) => counter.destroy(error));
  zip.outputStream.pipe(counter);
  void (async () => {
    for (const source of sources) await addToZip(zip, source, relative(folder, source));
    zip.end();
  })().catch((error: Error) => counter.destroy(error));
}

function tarGzStream(folder: string, sources: string[], counter: Transform): void {
  const pack = create({ gzip: true, cwd: folder, portable: true, follow: false, filter: (_path, stats) => !('isSymbolicLink' in stats && stats.isSymbolicLink()) }, sources.map((source) => relative(folder, source)));
  pack.on('error', (error: unknown) => counter.destroy(error as Error));
  pack.pipe(counter);
}

/**
 * Packs entries of `root` into a new zip or tar.gz in `root`, written atomically (a failure, or
 * running out of disk space, leaves no partial archive). Symlinks are left out. Answers the
 * archive's absolute path.
 */
export async function compressEntries(files: RootedFileSystem, root: string, names: string[], format: 'zip' | 'tar.gz', budget: DiskBudget): Promise<string> {
  const folder = await files.resolve(checkUserPath(root));
  const sources = await Promise.all(names.map((name) => entryPath(files, joinUserPath(root, name))));
  await Promise.all(sources.map((source) => fs.lstat(source)));
  // An entry reached through a symlinked folder would land outside the archive's own tree.
  if (sources.some((source) => relative(folder, source).startsWith('..'))) throw new HttpError(400, 'Only entries inside the folder can be compressed.');
  const name = await archiveName(folder, format);
  const counter = byteCounter((bytes) => budget.take(bytes));
  if (format === 'zip') zipStream(folder, sources, counter);
  else tarGzStream(folder, sources, counter);
  await files.writeStream(joinUserPath(root, name), counter);
  return join(folder, name);
}
