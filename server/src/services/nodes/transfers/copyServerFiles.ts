import type { OpenFile, ServerFiles } from '../../../runtime/files/ServerFiles';

/** Bytes read and written at a time: the panel holds one such buffer per transfer, whatever the size of the files. */
const CHUNK_BYTES = 1024 * 1024;

/** The chunks of an open file, read into one reused buffer (the writer takes each before the next is read). */
async function* chunksOf(file: OpenFile, buffer: Buffer, counted: (bytes: number) => void, signal?: AbortSignal): AsyncGenerator<Buffer> {
  for (let position = 0; ;) {
    signal?.throwIfAborted();
    const read = await file.read(buffer, 0, buffer.length, position);
    if (read === 0) return;
    position += read;
    counted(read);
    yield buffer.subarray(0, read);
  }
}

/**
 * Copies every folder and file of a server from one file port to another (node to node through
 * the panel), streaming each file in chunks so the panel's memory stays flat. Links and special
 * files are left out (a game server's files never need them, and a link could point anywhere on
 * the target). `progress` hears the bytes copied so far; `signal` stops the copy between two chunks.
 */
export async function copyServerFiles(source: ServerFiles, target: ServerFiles, progress: (bytes: number) => void, signal?: AbortSignal): Promise<void> {
  // The target first: its first file call may start a helper on a node that has to build its
  // image, which can take minutes on a busy machine, and a source reader opened before would sit
  // unused meanwhile and be closed as idle.
  const writer = await target.openTree('');
  const reader = await source.openTreeReader('').catch(async (error: unknown) => {
    await writer.close();
    throw error;
  });
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let copied = 0;
  try {
    for await (const entry of source.walk('')) {
      signal?.throwIfAborted();
      if (entry.kind === 'directory') {
        await writer.mkdir(entry.path, entry.mode & 0o7777);
      } else if (entry.kind === 'file') {
        const file = await reader.open(entry.path);
        try {
          const chunks = chunksOf(file, buffer, (bytes) => progress((copied += bytes)), signal);
          await writer.writeStream(entry.path, chunks, { mode: entry.mode & 0o7777, durable: true, reusesChunks: true });
        } finally {
          await file.close();
        }
      }
    }
  } finally {
    await reader.close();
    await writer.close();
  }
}
