import { createGzip, crc32, type Gzip } from 'node:zlib';

/** Writes archive bytes onward; `done` is called once `bytes` may be reused. */
export type Emit = (bytes: Buffer, done?: (error?: Error | null) => void) => void;

/** One gzip member of a backup archive: takes tar bytes, calls `release` once a buffer may be reused. */
export interface GzipMember {
  write(bytes: Buffer, release: () => void): void;
  /** Writes the member's end; resolves once all of its bytes were emitted. */
  end(): Promise<void>;
  /** Drops the member (the archive failed). */
  abort(): void;
}

/**
 * A member deflated at level 1 by zlib (in libuv's pool). Its output is fresh memory from zlib,
 * emitted as it comes; a buffer given to it is released once zlib has consumed it.
 */
export function deflatedMember(emit: Emit, onError: (error: Error) => void, waitForRoom: (resume: () => void) => boolean): GzipMember {
  const gzip: Gzip = createGzip({ level: 1, memLevel: 9, chunkSize: 128 * 1024 });
  gzip.on('error', onError);
  gzip.on('data', (chunk: Buffer) => {
    emit(chunk);
    if (waitForRoom(() => gzip.resume())) gzip.pause();
  });
  return {
    write: (bytes, release) => void gzip.write(bytes, () => release()),
    end: () =>
      new Promise<void>((resolve) => {
        gzip.once('end', resolve);
        gzip.end();
      }),
    abort: () => gzip.destroy(),
  };
}

/** Deflate's stored blocks hold at most this many bytes. */
const STORED_BLOCK = 65_535;
/**
 * The stored member's gzip header: magic, deflate, FEXTRA, no time, Unix, then an extra field
 * with the subfield "PS" (no data) that tells our reader the member only stores, so it can pass
 * the bytes through without inflating them. Other gzip readers skip the field.
 */
export const STORED_MARK = [0x50, 0x53] as const;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x04, 0, 0, 0, 0, 0, 3, 4, 0, STORED_MARK[0], STORED_MARK[1], 0, 0]);
/** A final stored block of no bytes: ends the deflate stream. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

function storedBlockHeader(length: number): Buffer {
  const header = Buffer.allocUnsafe(5);
  header[0] = 0; // not final, stored
  header.writeUInt16LE(length, 1);
  header.writeUInt16LE(~length & 0xffff, 3);
  return header;
}

/**
 * A member whose deflate stream only stores (RFC 1951 stored blocks), for content that is
 * compressed already: the bytes pass through without a copy, framed in 64 KiB blocks, with the
 * CRC-32 and length gzip's trailer needs. zlib at level 0 did the same work with a copy and a
 * fresh output buffer for every chunk. Any gzip reader reads it.
 */
export function storedMember(emit: Emit): GzipMember {
  let crc = 0;
  let length = 0;
  emit(GZIP_HEADER);
  return {
    write(bytes, release) {
      crc = crc32(bytes, crc);
      length += bytes.length;
      // One count for the loop itself, so a block written at once cannot release the buffer early.
      let pending = 1;
      const settle = () => {
        pending -= 1;
        if (pending === 0) release();
      };
      for (let at = 0; at < bytes.length; at += STORED_BLOCK) {
        const block = bytes.subarray(at, Math.min(at + STORED_BLOCK, bytes.length));
        pending += 1;
        emit(storedBlockHeader(block.length));
        emit(block, settle);
      }
      settle();
    },
    end() {
      const trailer = Buffer.allocUnsafe(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(length % 2 ** 32, 4);
      emit(FINAL_EMPTY_BLOCK);
      emit(trailer);
      return Promise.resolve();
    },
    abort: () => undefined,
  };
}
