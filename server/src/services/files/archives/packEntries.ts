import type { Readable } from 'node:stream';
import type { FileInfo, ServerFiles } from '../../../runtime/files/ServerFiles';

/** One entry to pack: a folder, or a file with its content opened through the port while the archive takes it. */
export interface PackEntry {
  path: string;
  info: FileInfo;
  content?: Readable;
}

const skipped = (error: unknown) => ['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** The file at `path` opened for packing (its size as opened), or null when it vanished or is no file any more. */
async function opened(files: ServerFiles, path: string, name: string): Promise<PackEntry | null> {
  try {
    const { stream, info } = await files.readStream(path);
    return { path: name, info, content: stream };
  } catch (error) {
    if (skipped(error)) return null;
    throw error;
  }
}

/**
 * The entries of `source` (a path of the server's files: a folder with everything below it),
 * named `name` in the archive. The port walks folders and opens files without following links,
 * so a folder swapped for a link meanwhile never brings a file from outside into the archive;
 * links are left out, and so is what vanishes meanwhile. A file is opened only when the
 * consumer asks for it, and let go when it asks for the next entry.
 */
export async function* packEntries(files: ServerFiles, source: string, name: string): AsyncGenerator<PackEntry> {
  const info = await files.lstat(source);
  if (info?.kind === 'file') {
    const entry = await opened(files, source, name);
    if (!entry) return;
    try {
      yield entry;
    } finally {
      entry.content?.destroy();
    }
    return;
  }
  if (info?.kind !== 'directory') return;
  yield { path: name, info };
  let walk: AsyncIterable<FileInfo & { path: string }>;
  try {
    walk = files.walk(source);
    for await (const entry of walk) {
      if (entry.kind === 'directory') yield { path: `${name}/${entry.path}`, info: entry };
      if (entry.kind !== 'file') continue;
      const file = await opened(files, `${source}/${entry.path}`, `${name}/${entry.path}`);
      if (!file) continue;
      try {
        yield file;
      } finally {
        file.content?.destroy();
      }
    }
  } catch (error) {
    if (!skipped(error)) throw error;
  }
}
