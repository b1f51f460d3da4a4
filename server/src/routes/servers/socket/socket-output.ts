/** What {@link SocketOutput} needs of its socket. */
export interface SocketOutputOptions {
  /** Bytes waiting in the socket's send buffer. */
  bufferedAmount: () => number;
  /** Sends one `console output` frame with these lines. */
  send: (lines: string[]) => void;
  /** Lines are skipped while the send buffer holds more than this. */
  maxBufferedBytes: number;
  /** A frame goes out as soon as its lines hold this many characters. */
  frameChars: number;
}

/** How often a socket that fell behind is checked again, to report its skipped lines. */
const SKIPPED_RECHECK_MS = 250;

/**
 * The console lines of one socket on their way out. Lines arriving together (one read of the
 * console) travel together, in one frame sent at the end of the current turn of the event loop or
 * as soon as it is full, so a flood costs one frame per batch instead of one per line, on the
 * panel and in the browser. A client that cannot keep up misses lines instead of growing the
 * panel's memory, and is told how many once it has caught up.
 */
export class SocketOutput {
  private batch: string[] = [];
  private chars = 0;
  private flushScheduled = false;
  private skipped = 0;
  private skippedTimer: NodeJS.Timeout | null = null;
  private disposed = false;

  constructor(private readonly options: SocketOutputOptions) {}

  /** Queues one line. */
  push(line: string): void {
    if (this.disposed) return;
    if (this.options.bufferedAmount() > this.options.maxBufferedBytes) {
      this.skipped++;
      this.skippedTimer ??= setTimeout(() => this.reportSkipped(), SKIPPED_RECHECK_MS);
      return;
    }
    this.queueSkippedNotice();
    this.batch.push(line);
    this.chars += line.length;
    if (this.chars >= this.options.frameChars) return this.flush();
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  /** Sends the queued lines now (before another event, so the order is kept). */
  flush(): void {
    if (this.batch.length === 0 || this.disposed) return;
    const lines = this.batch;
    this.batch = [];
    this.chars = 0;
    this.options.send(lines);
  }

  /** Drops whatever waits; nothing is sent any more. */
  dispose(): void {
    this.disposed = true;
    this.batch = [];
    if (this.skippedTimer) clearTimeout(this.skippedTimer);
    this.skippedTimer = null;
  }

  private queueSkippedNotice(): void {
    if (this.skipped === 0) return;
    this.batch.push(`[Panel] ${this.skipped} lines were skipped because the connection was too slow.`);
    this.skipped = 0;
  }

  private reportSkipped(): void {
    this.skippedTimer = null;
    if (this.disposed || this.skipped === 0) return;
    if (this.options.bufferedAmount() > this.options.maxBufferedBytes) {
      this.skippedTimer = setTimeout(() => this.reportSkipped(), SKIPPED_RECHECK_MS);
      return;
    }
    this.queueSkippedNotice();
    this.flush();
  }
}
