import { Readable, type Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { Header, Pax } from 'tar';
import { ZipFile } from 'yazl';
import type { PackEntry } from './packEntries';

const BLOCK = 512;

/** A tar header (with a pax header before it when the name or size does not fit). */
function tarHeader({ path, stats }: PackEntry, size: number): Buffer[] {
  const isDirectory = stats.isDirectory();
  const data = { path: isDirectory ? `${path}/` : path, mode: stats.mode & 0o7777, size, mtime: stats.mtime, type: isDirectory ? ('Directory' as const) : ('File' as const), uid: 0, gid: 0 };
  const header = new Header(data);
  const needsPax = header.encode();
  const blocks = [header.block!];
  if (needsPax) blocks.unshift(new Pax({ path: data.path, size, mtime: stats.mtime }).encode());
  return blocks;
}

/** The bytes of a tar of `entries`: each file's content read by descriptor, exactly the size in its header. */
async function* tarBytes(entries: AsyncIterable<PackEntry>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    const size = entry.handle ? entry.stats.size : 0;
    yield* tarHeader(entry, size);
    if (!entry.handle) continue;
    let position = 0;
    while (position < size) {
      const buffer = Buffer.alloc(Math.min(1024 * 1024, size - position));
      const { bytesRead } = await entry.handle.read(buffer, 0, buffer.length, position);
      // A file that shrank meanwhile is padded to the size its header gave.
      if (bytesRead === 0) break;
      position += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
    if (position < size) yield Buffer.alloc(size - position);
    if (size % BLOCK) yield Buffer.alloc(BLOCK - (size % BLOCK));
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Writes a tar.gz of `entries` into `output` (which fails with the first error). */
export function tarGzInto(entries: AsyncIterable<PackEntry>, output: Transform): void {
  pipeline(Readable.from(tarBytes(entries)), createGzip(), output).catch((error: Error) => output.destroy(error));
}

/**
 * Writes a zip of `entries` into `output` (which fails with the first error). When the archive
 * fails (its output refused: the disk quota, the client gone, a read error), the loop stops at
 * once and the file being read is let go, so every descriptor `entries` opened is closed: yazl
 * itself would wait forever for a file it no longer reads.
 */
export function zipInto(entries: AsyncIterable<PackEntry>, output: Transform): void {
  const zip = new ZipFile();
  const stop = new AbortController();
  const fail = (error: Error) => {
    if (!stop.signal.aborted) stop.abort(error);
    output.destroy(error);
  };
  // yazl reports its own failures on the zip object: they fail the archive, never the process.
  zip.on('error', fail);
  pipeline(zip.outputStream, output).catch(fail);
  void (async () => {
    for await (const { path, stats, handle } of entries) {
      stop.signal.throwIfAborted();
      if (!handle) {
        zip.addEmptyDirectory(path, { mtime: stats.mtime, mode: stats.mode });
        continue;
      }
      // The entry's descriptor stays open until yazl has read the whole file.
      const content = handle.createReadStream({ autoClose: false, start: 0 });
      zip.addReadStream(content, path, { mtime: stats.mtime, mode: stats.mode });
      try {
        await finished(content, { signal: stop.signal });
      } catch (error) {
        // Destroyed without an error: the listeners above are gone, an error event would have none.
        content.destroy();
        throw error;
      }
    }
    zip.end();
  })().catch(fail);
}
