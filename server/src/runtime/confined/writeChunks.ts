import type { promises as fs } from 'node:fs';

const WRITE_BATCH_BYTES = 1024 * 1024;

// Batches of more pieces than this are copied into one buffer (tiny pieces cost little to copy).
const WRITEV_MAX_PIECES = 64;

/**
 * Writes `pieces` in order with writev (no copy into one buffer). write(2) may write less than
 * asked (at most about 2 GiB per call): the rest is written until all is.
 */
async function writeAll(handle: fs.FileHandle, pieces: Buffer[]): Promise<void> {
  let rest = pieces.length > WRITEV_MAX_PIECES ? [Buffer.concat(pieces)] : pieces;
  let left = rest.reduce((sum, piece) => sum + piece.length, 0);
  while (left > 0) {
    let written = (await handle.writev(rest)).bytesWritten;
    left -= written;
    let first = 0;
    while (first < rest.length && written >= rest[first].length) written -= rest[first++].length;
    rest = first < rest.length ? [rest[first].subarray(written), ...rest.slice(first + 1)] : [];
  }
}

/**
 * Small chunks (a socket gives 16–64 KiB) are gathered into writes of about 1 MiB. One batch is
 * written while the next one arrives, so the disk never holds up the source (an upload's socket)
 * and at most two batches are in memory. The file is fsynced at the end unless `sync` is false.
 * With `reusedChunks` the source reuses a chunk's memory once the next one is asked for: each is
 * written before that, from the source's own memory (nothing gathered, nothing copied).
 */
export async function writeChunks(handle: fs.FileHandle, source: AsyncIterable<Buffer | string> | Iterable<Buffer>, options: { sync?: boolean; reusedChunks?: boolean } = {}): Promise<void> {
  if (options.reusedChunks) {
    for await (const chunk of source) await writeAll(handle, [typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
    if (options.sync !== false) await handle.sync();
    return;
  }
  let writing: Promise<void> = Promise.resolve();
  try {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for await (const chunk of source) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      pending.push(buffer);
      pendingBytes += buffer.length;
      if (pendingBytes >= WRITE_BATCH_BYTES) {
        await writing;
        writing = writeAll(handle, pending);
        writing.catch(() => undefined); // awaited before the next batch; not unhandled meanwhile
        pending = [];
        pendingBytes = 0;
      }
    }
    await writing;
    if (pendingBytes > 0) await writeAll(handle, pending);
    if (options.sync !== false) await handle.sync();
  } finally {
    await writing.catch(() => undefined); // a failed source: let the last write end first
  }
}
