import { HttpError } from '../../../lib/errors';
import type { FileInfo, ServerFiles } from '../../../runtime/files/ServerFiles';
import { byteCounter } from '../byteCounter';
import { checkUserPath, joinUserPath, pathParts } from '../checkUserPath';
import type { DiskBudget } from '../DiskQuota';
import { enoent } from '../manageFiles';
import { tarGzInto, zipInto } from './archiveStreams';
import { packEntries, type PackEntry } from './packEntries';

/** `archive-2024-05-01T12-30-00.zip`, with " 2", " 3" … when taken. */
async function archiveName(files: ServerFiles, folder: string, format: 'zip' | 'tar.gz'): Promise<string> {
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
  for (let n = 1; ; n += 1) {
    const name = `archive-${stamp}${n > 1 ? ` ${n}` : ''}.${format}`;
    if (!(await files.lstat(joinUserPath(folder, name)))) return name;
  }
}

/** The path of `name` inside `root` in the archive; refused when it is reached through a link (it would land outside the archive's own tree). */
async function nameInside(files: ServerFiles, root: string, name: string): Promise<string> {
  const parts = pathParts(checkUserPath(name));
  if (parts.length === 0) throw new HttpError(400, 'Only entries inside the folder can be compressed.');
  for (let depth = 1; depth < parts.length; depth += 1) {
    const above = await files.lstat(joinUserPath(root, parts.slice(0, depth).join('/')));
    if (above?.kind === 'symlink') throw new HttpError(400, 'Only entries inside the folder can be compressed.');
  }
  return parts.join('/');
}

/**
 * Packs entries of `root` into a new zip or tar.gz in `root`, written atomically (a failure, or
 * running out of disk space, leaves no partial archive). Every entry is read through the port
 * (see packEntries); symlinks are left out. Answers the archive's name and what it is.
 */
export async function compressEntries(files: ServerFiles, root: string, names: string[], format: 'zip' | 'tar.gz', budget: DiskBudget): Promise<{ name: string; info: FileInfo }> {
  const folder = await files.stat(checkUserPath(root));
  if (!folder) throw enoent();
  if (folder.kind !== 'directory') throw Object.assign(new Error(`"${root}" is not a folder.`), { code: 'ENOTDIR' });
  const sources: Array<{ source: string; name: string }> = [];
  for (const name of names) {
    // A path leading out is refused as such first; one through a link inside the root then.
    if (!(await files.lstat(joinUserPath(root, checkUserPath(name))))) throw enoent();
    const inside = await nameInside(files, root, name);
    const source = joinUserPath(root, inside);
    sources.push({ source, name: inside });
  }
  const name = await archiveName(files, root, format);
  const counter = byteCounter((bytes) => budget.take(bytes));
  const entries = (async function* (): AsyncGenerator<PackEntry> {
    for (const source of sources) yield* packEntries(files, source.source, source.name);
  })();
  if (format === 'zip') zipInto(entries, counter);
  else tarGzInto(entries, counter);
  const path = joinUserPath(root, name);
  await files.writeStream(path, counter, { createFolders: false });
  const info = await files.lstat(path);
  if (!info) throw enoent();
  return { name, info };
}
