import { yieldToEventLoop } from '../../lib/yieldToEventLoop';

/**
 * How long one statement should hold the panel's thread at most (the embedded database runs on it).
 * A turn of the loop under a flood also carries the receivers' answers and the next requests, and
 * the collector may pause it: 5 ms leaves room for those within a 50 ms stall, where 10 ms did not.
 */
const SLICE_MS = 5;
const MAX_ROWS = 1000;

/**
 * Runs one kind of statement over many rows in slices, with a turn of the event loop after each:
 * on the embedded database a statement runs on the panel's own thread, so a slice may only take a
 * few milliseconds. The rows per statement follow what the last one cost: fewer when one took longer
 * than `SLICE_MS`, more (at most twice as many, so one quick statement does not make the next a
 * long one) when a full one took less, between `minRows` and 1,000. On PostgreSQL the statements run elsewhere and grow to the most.
 */
export class StatementSlices {
  private rows: number;

  /**
   * `minRows`: the fewest a statement takes however long the last one was. A statement has a fixed
   * cost too (its commit, the disk's and the machine's load): below some rows, fewer only means
   * more statements, as long each, and a backlog that grows.
   */
  constructor(
    initialRows = 100,
    private readonly minRows = 50,
  ) {
    this.rows = initialRows;
  }

  /** Rows per statement now (tests read it). */
  get size(): number {
    return this.rows;
  }

  /** Runs `statement` over `items`, slice after slice; answers what each slice answered. */
  async run<T, R>(items: T[], statement: (slice: T[]) => Promise<R>): Promise<R[]> {
    const answers: R[] = [];
    for (let start = 0; start < items.length;) {
      const slice = items.slice(start, start + this.rows);
      start += slice.length;
      const began = performance.now();
      answers.push(await statement(slice));
      this.learn(slice.length, performance.now() - began);
      await yieldToEventLoop();
    }
    return answers;
  }

  private learn(rows: number, elapsedMs: number): void {
    const fitting = Math.round((rows * SLICE_MS) / Math.max(elapsedMs, 0.5));
    if (elapsedMs > SLICE_MS) this.rows = Math.max(this.minRows, Math.min(this.rows, fitting));
    // Only a full slice says how many more would fit (a short one is mostly the statement's fixed cost).
    else if (rows >= this.rows) this.rows = Math.min(MAX_ROWS, this.rows * 2, Math.max(this.rows, fitting));
  }
}
