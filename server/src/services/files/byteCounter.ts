import { Transform, type TransformCallback } from 'node:stream';

/**
 * A pass-through that calls `count` with the size of every chunk before passing it on; when
 * `count` throws (a size limit, the disk quota), the stream fails with that error and nothing
 * more is written.
 */
export function byteCounter(count: (bytes: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      try {
        count(chunk.length);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

/**
 * The chunks of `source`, each counted by `count` before it is passed on; when `count` throws,
 * iteration stops with that error and the source is closed (no stray error events).
 */
export async function* countedChunks(source: AsyncIterable<Buffer>, count: (bytes: number) => void): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    count(chunk.length);
    yield chunk;
  }
}
