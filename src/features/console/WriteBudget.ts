/** Settings of a {@link WriteBudget}. */
export interface WriteBudgetOptions {
  /** How long one write should take the terminal, start to finish. */
  targetMs: number;
  /** The fewest lines per write (also the first budget, before anything was measured). */
  minLines: number;
  /** The most lines per write. */
  maxLines: number;
}

/**
 * How many lines the next write to the terminal may hold, learnt from how fast the terminal
 * took the last ones. The same number of lines costs a terminal ten times more while its
 * scrollback is still filling than once it is full, and more again on a busy machine: a fixed
 * number is either slow to finish or needlessly small. Sized by time, every write is done within
 * about `targetMs`, so output and counters advance steadily whatever the terminal's pace.
 */
export class WriteBudget {
  /** Lines the next write may hold. */
  lines: number;

  constructor(private readonly options: WriteBudgetOptions) {
    this.lines = options.minLines;
  }

  /** Learns from a finished write of `lines` lines that took `elapsedMs`. */
  record(lines: number, elapsedMs: number): void {
    const { targetMs, minLines, maxLines } = this.options;
    // A small write mostly measures the wait for the terminal's next turn, not its pace.
    if (lines < minLines) return;
    const fitting = (lines / Math.max(elapsedMs, 1)) * targetMs;
    // Halfway towards the new estimate: one slow write (a busy moment) does not halve the budget.
    this.lines = Math.round(Math.min(maxLines, Math.max(minLines, (this.lines + fitting) / 2)));
  }
}
