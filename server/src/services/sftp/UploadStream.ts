import { refusals } from './sftpStatus';

/** Bytes held in memory per upload before the client's next write waits for the disk. */
const HIGH_WATER_BYTES = 4 * 1024 * 1024;
/** Writes a client may send ahead of a gap (pipelined requests arriving out of order). */
const MAX_AHEAD_BYTES = 16 * 1024 * 1024;

/**
 * The chunks of one SFTP upload, in order, as the async iterable the file port's atomic write
 * reads. SFTP writes carry offsets and clients pipeline them: writes ahead of a gap wait here
 * until the gap is filled; a write behind what was already written (rewriting a part) is refused,
 * since the file is written whole and appears only when it is closed.
 */
export class UploadStream implements AsyncIterable<Buffer> {
  private nextOffset = 0;
  private readonly ahead = new Map<number, Buffer>();
  private aheadBytes = 0;
  private readonly queue: Buffer[] = [];
  private queuedBytes = 0;
  private ended = false;
  private failure: Error | null = null;
  private wakeReader: (() => void) | null = null;
  private readonly drainWaiters: Array<() => void> = [];

  /** Bytes received so far (contiguous from the start). */
  get received(): number {
    return this.nextOffset;
  }

  /** Adds the write at `offset`; resolves once it is accepted and memory allows the next one. */
  async write(offset: number, data: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    if (offset < this.nextOffset || this.ahead.has(offset)) throw refusals.partialWrite();
    if (offset > this.nextOffset) {
      if (this.aheadBytes + data.length > MAX_AHEAD_BYTES) throw refusals.outOfOrder();
      // Copied: ssh2 may reuse the packet's memory.
      this.ahead.set(offset, Buffer.from(data));
      this.aheadBytes += data.length;
      return;
    }
    this.push(Buffer.from(data));
    for (let next = this.ahead.get(this.nextOffset); next; next = this.ahead.get(this.nextOffset)) {
      this.aheadBytes -= next.length;
      this.push(next);
    }
    if (this.queuedBytes > HIGH_WATER_BYTES) await new Promise<void>((resolve) => this.drainWaiters.push(resolve));
    if (this.failure) throw this.failure;
  }

  private push(chunk: Buffer): void {
    this.ahead.delete(this.nextOffset);
    this.queue.push(chunk);
    this.queuedBytes += chunk.length;
    this.nextOffset += chunk.length;
    this.wake();
  }

  /** No more writes: the reader ends (a gap still open fails the upload). */
  end(): void {
    if (this.ahead.size > 0) this.fail(refusals.outOfOrder());
    this.ended = true;
    this.wake();
  }

  /** Aborts the upload: the reader throws, so the atomic write leaves nothing behind. */
  fail(error: Error): void {
    this.failure ??= error;
    this.wake();
    this.releaseWriters();
  }

  private wake(): void {
    const wake = this.wakeReader;
    this.wakeReader = null;
    wake?.();
  }

  private releaseWriters(): void {
    for (const release of this.drainWaiters.splice(0)) release();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Buffer> {
    for (;;) {
      if (this.failure) throw this.failure;
      const chunk = this.queue.shift();
      if (chunk) {
        this.queuedBytes -= chunk.length;
        if (this.queuedBytes <= HIGH_WATER_BYTES) this.releaseWriters();
        yield chunk;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wakeReader = resolve));
    }
  }
}
