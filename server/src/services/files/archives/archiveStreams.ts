import { Readable, type Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { Header, Pax } from 'tar';
import { ZipFile } from 'yazl';
import type { PackEntry } from './packEntries';

const BLOCK = 512;

/** A tar header (with a pax header before it when the name or size does not fit). */
function tarHeader({ path, info }: PackEntry, size: number): Buffer[] {
  const isDirectory = info.kind === 'directory';
  const mtime = new Date(info.mtimeMs);
  const data = { path: isDirectory ? `${path}/` : path, mode: info.mode & 0o7777, size, mtime, type: isDirectory ? ('Directory' as const) : ('File' as const), uid: 0, gid: 0 };
  const header = new Header(data);
  const needsPax = header.encode();
  const blocks = [header.block!];
  if (needsPax) blocks.unshift(new Pax({ path: data.path, size, mtime }).encode());
  return blocks;
}

/** The bytes of a tar of `entries`: each file's content as opened, exactly the size in its header. */
async function* tarBytes(entries: AsyncIterable<PackEntry>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    const size = entry.content ? entry.info.size : 0;
    yield* tarHeader(entry, size);
    if (!entry.content) continue;
    let position = 0;
    for await (const chunk of entry.content as AsyncIterable<Buffer>) {
      // A file that grew meanwhile is cut to the size its header gave.
      const piece = chunk.subarray(0, size - position);
      position += piece.length;
      if (piece.length > 0) yield piece;
      if (position >= size) break;
    }
    // A file that shrank meanwhile is padded to the size its header gave.
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
    for await (const { path, info, content } of entries) {
      stop.signal.throwIfAborted();
      const options = { mtime: new Date(info.mtimeMs), mode: info.mode };
      if (!content) {
        zip.addEmptyDirectory(path, options);
        continue;
      }
      // The entry's file stays open until yazl has read the whole of it.
      zip.addReadStream(content, path, options);
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
