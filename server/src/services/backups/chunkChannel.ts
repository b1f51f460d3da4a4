/**
 * Hands chunks pushed by a producer (the tar reader) to a consumer pulling them as an async
 * iterable (the file port's writeStream). `push` waits while a few chunks are waiting, so a slow
 * writer holds the reader back and memory stays flat; once the consumer has failed or stopped,
 * `push` rejects with its error instead of waiting for ever.
 */
export class ChunkChannel implements AsyncIterable<Buffer> {
  private readonly queue: Buffer[] = [];
  private ended = false;
  private failure: Error | null = null;
  private stopped: Error | null = null;
  private wakeConsumer: (() => void) | null = null;
  private wakeProducer: (() => void) | null = null;

  constructor(private readonly capacity = 4) {}

  /** Queues a chunk (kept as it is: the caller gives up the buffer). */
  async push(chunk: Buffer): Promise<void> {
    while (this.queue.length >= this.capacity && !this.stopped) await new Promise<void>((resolve) => (this.wakeProducer = resolve));
    if (this.stopped) throw this.stopped;
    this.queue.push(chunk);
    this.wake();
  }

  /** No more chunks: the consumer's iteration ends once it has taken those queued. */
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
        const chunk = this.queue.shift();
        if (chunk) {
          this.wakeProducer?.();
          this.wakeProducer = null;
          yield chunk;
          continue;
        }
        if (this.ended) return;
        await new Promise<void>((resolve) => (this.wakeConsumer = resolve));
      }
    } finally {
      this.stop(this.failure ?? new Error('The file being restored stopped taking data.'));
    }
  }
}
