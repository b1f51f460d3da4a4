/**
 * Hands chunks pushed by a producer (the tar reader) to a consumer pulling them as an async
 * iterable (the file port's writeStream), one at a time. A chunk is lent, not given: `push`
 * resolves once the consumer is done with it (it asks for the next one, or stops), so the
 * producer may then reuse its memory and nothing is copied. The consumer must not keep a chunk
 * past asking for the next one (the port's `reusesChunks`). Once the consumer has failed or
 * stopped, `push` rejects with its error instead of waiting for ever.
 */
export class ChunkChannel implements AsyncIterable<Buffer> {
  /** The chunk waiting to be taken, and the one the consumer has now. */
  private waiting: Buffer | null = null;
  private lent: Buffer | null = null;
  private ended = false;
  private failure: Error | null = null;
  private stopped: Error | null = null;
  private wakeConsumer: (() => void) | null = null;
  private wakeProducer: (() => void) | null = null;

  /** Lends a chunk to the consumer; resolves once it is done with it. */
  async push(chunk: Buffer): Promise<void> {
    if (this.stopped) throw this.stopped;
    this.waiting = chunk;
    this.wake();
    while ((this.waiting === chunk || this.lent === chunk) && !this.stopped) await new Promise<void>((resolve) => (this.wakeProducer = resolve));
    if (this.waiting === chunk || this.lent === chunk) throw this.stopped;
  }

  /** No more chunks: the consumer's iteration ends once it has taken the one waiting. */
  end(): void {
    this.ended = true;
    this.wake();
  }

  /** Ends the consumer's iteration with `error` (the write leaves nothing behind). */
  fail(error: Error): void {
    this.failure = error;
    this.wake();
  }

  /** The consumer gave up (its write failed): pushes reject with `error`. */
  stop(error: Error): void {
    this.stopped ??= error;
    this.wakeProducer?.();
  }

  private wake(): void {
    this.wakeConsumer?.();
    this.wakeConsumer = null;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
    try {
      for (;;) {
        if (this.failure) throw this.failure;
        const chunk = this.waiting;
        if (chunk) {
          this.waiting = null;
          this.lent = chunk;
          yield chunk;
          // Asked for the next one: done with this one, which goes back to the producer.
          this.lent = null;
          this.wakeProducer?.();
          this.wakeProducer = null;
          continue;
        }
        if (this.ended) return;
        await new Promise<void>((resolve) => (this.wakeConsumer = resolve));
      }
    } finally {
      this.lent = null;
      this.stop(this.failure ?? new Error('The file being restored stopped taking data.'));
    }
  }
}
