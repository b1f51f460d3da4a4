import type { Socket } from 'node:net';

/** Bytes of data per chunk: a chunk's size line and its write cost little next to them. */
const CHUNK_BYTES = 512 * 1024;
/** The chunk's size line, laid out before its data: 8 hex digits (written once the chunk is full) and CRLF. */
const SIZE_LINE = 10;
/**
 * Bytes handed to the connection and not yet taken by it before the source waits: the bytes ahead
 * of the target engine's reading, as a backup's archive runs 8 MiB ahead of the panel's acks.
 */
export const UPLOAD_WINDOW = 8 * 1024 * 1024;

/**
 * A request body sent on a raw connection in HTTP chunks laid out in place: each byte is copied
 * once, into a chunk with room left for its size line at its head, and a full chunk goes out as
 * one write; its memory is used again once the connection has taken it, so a gigabyte passes
 * through a few buffers. At most a window of bytes waits in the connection: `full` tells the
 * source to wait, `onRoom` that it can go on.
 */
export class ChunkedUpload {
  private readonly spare: Buffer[] = [];
  private chunk = ChunkedUpload.newChunk();
  private fill = 0;
  private pending = 0;

  constructor(
    private readonly socket: Socket,
    private readonly onRoom: () => void,
  ) {}

  private static newChunk(): Buffer {
    return Buffer.allocUnsafe(SIZE_LINE + CHUNK_BYTES + 2);
  }

  /** Whether the source should wait for `onRoom` before giving more. */
  get full(): boolean {
    return this.pending >= UPLOAD_WINDOW;
  }

  /** Copies the bytes into the body (the caller may reuse their memory at once). */
  write(piece: Buffer): void {
    for (let at = 0; at < piece.length;) {
      const copied = piece.copy(this.chunk, SIZE_LINE + this.fill, at, Math.min(piece.length, at + CHUNK_BYTES - this.fill));
      at += copied;
      this.fill += copied;
      if (this.fill === CHUNK_BYTES) this.send();
    }
  }

  /** Sends what is left and the body's last chunk. */
  end(): void {
    this.send();
    this.socket.write('0\r\n\r\n');
  }

  private send(): void {
    if (this.fill === 0) return;
    const chunk = this.chunk;
    chunk.write(`${this.fill.toString(16).padStart(8, '0')}\r\n`, 0, 'latin1');
    chunk.write('\r\n', SIZE_LINE + this.fill, 'latin1');
    const length = SIZE_LINE + this.fill + 2;
    this.pending += length;
    this.socket.write(chunk.subarray(0, length), (error) => {
      this.pending -= length;
      // A failed write ends the upload (the connection is gone): its chunk is not needed again.
      if (error) return;
      this.spare.push(chunk);
      if (!this.full) this.onRoom();
    });
    this.chunk = this.spare.pop() ?? ChunkedUpload.newChunk();
    this.fill = 0;
  }
}
