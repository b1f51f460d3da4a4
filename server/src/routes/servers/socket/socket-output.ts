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
  /**
   * While output keeps coming, frames go out at most this often (a full frame still goes at once).
   * The first lines after a pause go at the end of the current turn of the event loop, as before.
   */
  minFrameIntervalMs: number;
  /** The clock (ms); tests pass their own. */
  now?: () => number;
}

/** How often a socket that fell behind is checked again, to report its skipped lines. */
const SKIPPED_RECHECK_MS = 250;

/**
 * The console lines of one socket on their way out. Lines arriving together (one read of the
 * console) travel together, in one frame sent at the end of the current turn of the event loop or
 * as soon as it is full, so a flood costs one frame per batch instead of one per line, on the
 * panel and in the browser. While a game keeps printing, the reads of its output come every few
 * milliseconds; their lines wait until `minFrameIntervalMs` has passed since the last frame, so a
 * flood costs a few dozen frames a second (the page draws at most once per screen refresh anyway)
 * instead of hundreds, each of them work for the panel, the browser and the page. A client that
 * cannot keep up misses lines instead of growing the panel's memory, and is told how many once it
 * has caught up.
 */
export class SocketOutput {
  private batch: string[] = [];
  private chars = 0;
  private flushScheduled = false;
  private flushTimer: NodeJS.Timeout | null = null;
  private lastFrameAt = -Infinity;
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
    const run = () => {
      this.flushScheduled = false;
      this.flushTimer = null;
      this.flush();
    };
    const wait = this.lastFrameAt + this.options.minFrameIntervalMs - this.now();
    if (wait > 0) this.flushTimer = setTimeout(run, wait);
    else setImmediate(run);
  }

  /** Sends the queued lines now (before another event, so the order is kept). */
  flush(): void {
    if (this.batch.length === 0 || this.disposed) return;
    const lines = this.batch;
    this.batch = [];
    this.chars = 0;
    this.lastFrameAt = this.now();
    this.options.send(lines);
  }

  /** Drops whatever waits; nothing is sent any more. */
  dispose(): void {
    this.disposed = true;
    this.batch = [];
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.skippedTimer) clearTimeout(this.skippedTimer);
    this.skippedTimer = null;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
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
