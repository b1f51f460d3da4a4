/** Where pieces of output go: the text to show, and a callback once it has been shown. */
export type BatchSink = (text: string, done: () => void) => void;

export interface OutputBatcherOptions {
  /**
   * The most lines kept waiting. Lines beyond it are dropped, oldest first: the terminal would
   * scroll them out of its history at once anyway, and the page's memory stays flat.
   */
  maxPendingLines: number;
  /** Lines per piece handed to the terminal (default 100: about a millisecond of xterm's work). */
  pieceLines?: number;
  /** How long one slice of pieces may keep the main thread (default 8 ms: half a frame). */
  sliceMs?: number;
  /** The clock slices are timed with (performance.now; tests may drive it). */
  now?: () => number;
  /** The line shown in place of dropped lines. */
  skippedNotice: (count: number) => string;
  /** Runs `callback` for the next slice (nextFrameOrSoon; tests may drive it). */
  schedule?: (callback: () => void) => unknown;
  /**
   * Runs `callback` just before the terminal's task that parses the first piece of a slice
   * (xterm parses in a setTimeout task it queues on the write, so a timer queued just before
   * runs first), which tells when the slice began. Tests may drive it.
   */
  beforeTerminalTask?: (callback: () => void) => unknown;
  /** Called at the end of each slice (the counters have moved). */
  onWritten?: () => void;
}

/**
 * Runs `callback` before the next paint, or after 16 ms if no frame comes by then: a page whose
 * frames are slow (a busy machine, a slow phone) still takes a slice about as often as a frame
 * would come, with the thread free in between; a hidden page, with no frames at all, still
 * keeps its counters moving (its timers are slowed down instead).
 */
export function nextFrameOrSoon(callback: () => void): void {
  let ran = false;
  const run = () => {
    if (ran) return;
    ran = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    callback();
  };
  const frame = requestAnimationFrame(run);
  const timer = setTimeout(run, 16);
}

/** A first guess at one piece's cost, until pieces have been timed. */
const FIRST_PIECE_GUESS_MS = 1;
/** Piece timings kept: the quickest of them is the piece's cost. */
const PIECE_SAMPLES = 8;

/**
 * Collects console lines and hands them to the terminal in slices: at most one slice per
 * animation frame (or per 16 ms when frames are slow), each a run of small pieces (about a hundred lines) that keeps the main thread
 * for at most `sliceMs` (timed from the start of the terminal's task, by the pieces' known cost). The next piece is handed over from the last one's write callback,
 * inside the terminal's own parsing task, as long as it still fits the slice; then the thread is
 * left alone until the next frame. So under a flood of thousands of lines a second no task grows
 * long, a frame and the user's input always get in between, and the page uses only part of a
 * core: on a machine busy with other work, a thread that never rests is the one the system
 * pre-empts in the middle of its tasks. What the terminal could not take in time is dropped, with
 * a notice.
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
  /** When the current slice began (the terminal's task started), null until known. */
  private sliceStartedAt: number | null = null;
  /** Counts slices, so a late start mark of an earlier slice is ignored. */
  private slice = 0;
  /**
   * How long the last pieces took, start to callback. The quickest is taken as a piece's cost:
   * on a busy machine a piece is sometimes stretched by waiting for a core, never shortened.
   */
  private pieceSamples: number[] = [];
  private readonly schedule: (callback: () => void) => unknown;
  private readonly beforeTerminalTask: (callback: () => void) => unknown;
  private readonly now: () => number;
  private readonly pieceLines: number;
  private readonly sliceMs: number;

  constructor(
    private readonly sink: BatchSink,
    private readonly options: OutputBatcherOptions,
  ) {
    this.schedule = options.schedule ?? nextFrameOrSoon;
    this.now = options.now ?? (() => performance.now());
    this.beforeTerminalTask = options.beforeTerminalTask ?? ((callback) => setTimeout(callback, 0));
    this.pieceLines = options.pieceLines ?? 100;
    this.sliceMs = options.sliceMs ?? 8;
  }

  /** Queues one line (without its line ending). */
  push(line: string): void {
    if (this.disposed) return;
    this.pending.push(line);
    // Trimmed in bulk, not per line: shifting one element at a time is O(n) each.
    if (this.pending.length >= this.options.maxPendingLines * 2) this.trim();
    this.requestSlice();
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

  private requestSlice(): void {
    if (this.scheduled || this.writing || this.disposed) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      if (this.disposed || this.pending.length === 0) return;
      const slice = ++this.slice;
      this.sliceStartedAt = null;
      this.beforeTerminalTask(() => {
        if (slice === this.slice) this.sliceStartedAt ??= this.now();
      });
      this.writePiece(false);
    });
  }

  /** What one piece costs the terminal, as far as it is known. */
  private get pieceMs(): number {
    return this.pieceSamples.length ? Math.min(...this.pieceSamples) : FIRST_PIECE_GUESS_MS;
  }

  /**
   * Hands the next piece to the terminal. `backToBack`: called from the previous piece's write
   * callback, so the terminal parses this one right away.
   */
  private writePiece(backToBack: boolean): void {
    this.trim();
    const lines = this.pending.splice(0, this.pieceLines);
    if (this.dropped > 0) lines.unshift(this.options.skippedNotice(this.dropped));
    this.dropped = 0;
    this.writing = true;
    const handedAt = this.now();
    this.sink(`${lines.join('\r\n')}\r\n`, () => this.pieceDone(lines.length, backToBack ? handedAt : null));
  }

  private pieceDone(lines: number, handedAt: number | null): void {
    this.writing = false;
    this.written += lines;
    const now = this.now();
    // The slice's first piece began with the terminal's task; when that is not known, its cost
    // is the best guess of how long ago that was (and the piece tells nothing new).
    const startedAt = handedAt ?? this.sliceStartedAt;
    this.sliceStartedAt ??= now - this.pieceMs;
    if (startedAt !== null) {
      this.pieceSamples.push(now - startedAt);
      if (this.pieceSamples.length > PIECE_SAMPLES) this.pieceSamples.shift();
    }
    if (this.disposed) return;
    const fitsTheSlice = now - this.sliceStartedAt + this.pieceMs <= this.sliceMs;
    if (this.pending.length > 0 && fitsTheSlice) return this.writePiece(true);
    this.sliceStartedAt = null;
    this.slice += 1;
    this.options.onWritten?.();
    if (this.pending.length > 0) this.requestSlice();
  }
}
