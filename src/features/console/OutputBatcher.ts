import { WriteBudget, type WriteBudgetOptions } from './WriteBudget';

/** Where batches go: the text to show, and a callback once it has been shown. */
export type BatchSink = (text: string, done: () => void) => void;

export interface OutputBatcherOptions {
  /**
   * The most lines kept waiting. Lines beyond it are dropped, oldest first: the terminal would
   * scroll them out of its history at once anyway, and the page's memory stays flat.
   */
  maxPendingLines: number;
  /**
   * Sizes each write by the time the terminal takes for it (default: all waiting lines at once).
   * The rest waits for the next frame, so each write is done soon and the counters move
   * steadily; lines keep arriving meanwhile and the oldest are dropped as usual.
   */
  writeBudget?: WriteBudgetOptions;
  /** The clock writes are timed with (performance.now; tests may drive it). */
  now?: () => number;
  /** The line shown in place of dropped lines. */
  skippedNotice: (count: number) => string;
  /** Runs `callback` before the next paint (requestAnimationFrame; tests may drive it). */
  schedule?: (callback: () => void) => unknown;
  /** Called each time the terminal has processed a batch (the counters have moved). */
  onWritten?: () => void;
}

/**
 * Collects console lines and hands them to the terminal at most once per animation frame, as one
 * write of a bounded number of lines, and never while the previous write is still being
 * processed (the terminal's write callback is the back-pressure). Under a flood of thousands of
 * lines a second the page therefore does one bounded piece of work per frame instead of one per
 * line, and stays responsive; what the terminal could not take in time is dropped, with a notice.
 */
export class OutputBatcher {
  /** Lines the terminal has processed so far, skipped-lines notices included. */
  written = 0;
  /** Lines dropped so far because the terminal could not keep up. */
  skipped = 0;
  private pending: string[] = [];
  private dropped = 0;
  private scheduled = false;
  private writing = false;
  private disposed = false;
  private readonly schedule: (callback: () => void) => unknown;
  private readonly budget: WriteBudget | null;
  private readonly now: () => number;

  constructor(
    private readonly sink: BatchSink,
    private readonly options: OutputBatcherOptions,
  ) {
    this.schedule = options.schedule ?? ((callback) => requestAnimationFrame(callback));
    this.budget = options.writeBudget ? new WriteBudget(options.writeBudget) : null;
    this.now = options.now ?? (() => performance.now());
  }

  /** Queues one line (without its line ending). */
  push(line: string): void {
    if (this.disposed) return;
    this.pending.push(line);
    // Trimmed in bulk, not per line: shifting one element at a time is O(n) each.
    if (this.pending.length >= this.options.maxPendingLines * 2) this.trim();
    this.requestFlush();
  }

  /** Drops everything waiting (the screen is being cleared). */
  clear(): void {
    this.pending = [];
    this.dropped = 0;
  }

  /** Stops for good; nothing more is written. */
  dispose(): void {
    this.disposed = true;
    this.clear();
  }

  private trim(): void {
    const excess = this.pending.length - this.options.maxPendingLines;
    if (excess <= 0) return;
    this.pending.splice(0, excess);
    this.dropped += excess;
    this.skipped += excess;
  }

  private requestFlush(): void {
    if (this.scheduled || this.writing || this.disposed) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.disposed || this.pending.length === 0) return;
    this.trim();
    const budget = this.budget?.lines ?? Infinity;
    const lines = this.pending.length > budget ? this.pending.splice(0, budget) : this.pending;
    if (lines === this.pending) this.pending = [];
    if (this.dropped > 0) lines.unshift(this.options.skippedNotice(this.dropped));
    this.dropped = 0;
    this.writing = true;
    const startedAt = this.now();
    this.sink(`${lines.join('\r\n')}\r\n`, () => {
      this.writing = false;
      this.budget?.record(lines.length, this.now() - startedAt);
      this.written += lines.length;
      this.options.onWritten?.();
      if (this.pending.length > 0) this.requestFlush();
    });
  }
}
