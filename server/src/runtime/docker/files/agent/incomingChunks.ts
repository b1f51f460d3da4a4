/**
 * The content of a write as it arrives from the panel, as the source a file write consumes: each
 * chunk is acknowledged once taken (the panel sends no more than a window ahead), and `gate`
 * lets the write wait for the panel's verdict on its target before the first byte and before the end.
 */
export class IncomingChunks implements AsyncIterable<Buffer> {
  private readonly queue: Buffer[] = [];
  private ended = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  /** Awaited before the first chunk is taken (set by the first look at the target). */
  firstGate: Promise<void> | null = null;
  /** Awaited once the panel has sent everything, before the write goes on to replace the target. */
  beforeEnd: (() => Promise<void>) | null = null;

  constructor(private readonly ack: (bytes: number) => void) {}

  push(chunk: Buffer): void {
    this.queue.push(chunk);
    this.poke();
  }

  end(): void {
    this.ended = true;
    this.poke();
  }

  fail(error: Error): void {
    this.failure = error;
    this.poke();
  }

  private poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Buffer> {
    if (this.firstGate) await this.firstGate;
    for (;;) {
      if (this.failure) throw this.failure;
      const chunk = this.queue.shift();
      if (chunk) {
        this.ack(chunk.length);
        yield chunk;
        continue;
      }
      if (this.ended) break;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    if (this.beforeEnd) await this.beforeEnd();
  }
}
