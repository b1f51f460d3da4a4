import type { OpenFile, ServerFiles } from '../../../runtime/files/ServerFiles';

/** Bytes read and written at a time. */
const CHUNK_BYTES = 1024 * 1024;
/**
 * Chunks a file's reads run ahead of its writes: one is being written while the next ones are
 * read, so reading the source and writing the target overlap instead of taking turns. The panel
 * holds these buffers per transfer, whatever the size of the files.
 */
const BUFFERS = 4;

interface Read {
  buffer: Buffer;
  bytes: Promise<number>;
}

/**
 * The chunks of an open file, read front to back into a few reused buffers ahead of the writer.
 * A buffer is read into again only once the writer asked for the chunk after it (the writer takes
 * each chunk before asking for the next), so no chunk is overwritten while it is written.
 */
async function* chunksOf(file: OpenFile, buffers: Buffer[], counted: (bytes: number) => void, signal?: AbortSignal): AsyncGenerator<Buffer> {
  let position = 0;
  let finished = false;
  // Reads go one after the other (a file port reads a file as a stream): each starts when the one before ends.
  let chain: Promise<unknown> = Promise.resolve();
  const reads: Read[] = [];
  const readInto = (buffer: Buffer) => {
    const bytes = chain.then(async () => {
      if (finished) return 0;
      const read = await file.read(buffer, 0, buffer.length, position);
      position += read;
      if (read === 0) finished = true;
      return read;
    });
    // Awaited in turn below; one that fails after the caller stopped is not left unheard.
    bytes.catch(() => undefined);
    chain = bytes;
    reads.push({ buffer, bytes });
  };
  for (const buffer of buffers) readInto(buffer);
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { buffer, bytes } = reads.shift()!;
      const read = await bytes;
      if (read === 0) return;
      counted(read);
      yield buffer.subarray(0, read);
      // The writer asked for the next chunk: it is done with this buffer.
      readInto(buffer);
    }
  } finally {
    finished = true;
    // The file is closed by the caller once the reads under way have ended.
    await chain.catch(() => undefined);
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
  const buffers = Array.from({ length: BUFFERS }, () => Buffer.allocUnsafe(CHUNK_BYTES));
  let copied = 0;
  try {
    for await (const entry of source.walk('')) {
      signal?.throwIfAborted();
      if (entry.kind === 'directory') {
        await writer.mkdir(entry.path, entry.mode & 0o7777);
      } else if (entry.kind === 'file') {
        const file = await reader.open(entry.path);
        try {
          const chunks = chunksOf(file, buffers, (bytes) => progress((copied += bytes)), signal);
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
