import { nextFrameOrSoon, OutputBatcher } from '../../../../src/features/console/OutputBatcher';

/** A hand-driven animation frame: the test decides when the next frame comes. */
function frames() {
  const queue: Array<() => void> = [];
  return {
    schedule: (callback: () => void) => queue.push(callback),
    pending: () => queue.length,
    next: () => queue.splice(0).forEach((callback) => callback()),
  };
}

function setup(maxPendingLines = 1000) {
  const frame = frames();
  const writes: string[] = [];
  const done: Array<() => void> = [];
  const batcher = new OutputBatcher(
    (text, finished) => {
      writes.push(text);
      done.push(finished);
    },
    // A clock that stands still: every piece fits the slice.
    { maxPendingLines, skippedNotice: (count) => `[${count} skipped]`, schedule: frame.schedule, now: () => 0, beforeTerminalTask: (callback) => callback() },
  );
  return { batcher, frame, writes, finish: () => done.splice(0).forEach((finished) => finished()) };
}

describe('OutputBatcher', () => {
  it('writes the lines of a frame in one piece, in order, each ending a line', () => {
    const { batcher, frame, writes } = setup();
    batcher.push('one');
    batcher.push('two');
    batcher.push('\u001b[31mthree\u001b[0m');
    expect(writes).toEqual([]);
    expect(frame.pending()).toBe(1);
    frame.next();
    expect(writes).toEqual(['one\r\ntwo\r\n\u001b[31mthree\u001b[0m\r\n']);
  });

  it('under a flood hands over pieces of at most a hundred lines, never while the terminal is still busy with one', () => {
    const { batcher, frame, writes, finish } = setup(100_000);
    for (let i = 0; i < 20_000; i++) batcher.push(`line ${i}`);
    frame.next();
    expect(writes).toHaveLength(1);
    for (let i = 20_000; i < 40_000; i++) batcher.push(`line ${i}`);
    // The first piece is not processed yet: nothing is scheduled, nothing written.
    expect(frame.pending()).toBe(0);
    frame.next();
    expect(writes).toHaveLength(1);
    // The clock stands still here: every piece fits the slice and follows the last one at once.
    finish();
    expect(writes).toHaveLength(2);
    for (let piece = 2; piece < 400; piece++) finish();
    const pieces = writes.map((text) => text.split('\r\n').filter(Boolean));
    expect(pieces.every((lines) => lines.length === 100)).toBe(true);
    const lines = pieces.flat();
    expect(lines).toHaveLength(40_000);
    expect(lines[0]).toBe('line 0');
    expect(lines[39_999]).toBe('line 39999');
  });

  it('keeps each slice within its time, also after a piece was held up, and leaves the rest for the next frames', () => {
    const frame = frames();
    let clock = 0;
    const slices: Array<{ pieces: number; ms: number }> = [];
    const done: Array<() => void> = [];
    const batcher = new OutputBatcher((_text, finished) => done.push(finished), {
      maxPendingLines: 100_000,
      now: () => clock,
      skippedNotice: (count) => `[${count} skipped]`,
      schedule: frame.schedule,
      // The terminal's task starts as soon as the first piece is handed over.
      beforeTerminalTask: (callback) => callback(),
      onWritten: () => slices.push({ pieces: 0, ms: 0 }),
    });
    for (let i = 0; i < 3000; i++) batcher.push(`line ${i}`);
    // The terminal: 3 ms per piece, each parsed as soon as it is handed over; once, a piece
    // waits 50 ms for a core (a busy machine).
    let piecesParsed = 0;
    while (frame.pending() > 0) {
      const startedAt = clock;
      let pieces = 0;
      frame.next();
      while (done.length > 0) {
        piecesParsed += 1;
        clock += piecesParsed === 5 ? 50 : 3;
        pieces += 1;
        done.shift()!();
      }
      slices[slices.length - 1] = { pieces, ms: clock - startedAt };
    }
    expect(batcher.written).toBe(3000);
    // Two pieces (6 ms) a slice: a third would pass 8 ms. The held-up piece ends its slice, but
    // does not make the next ones shorter. (The last slice takes what is left.)
    const [first, second, held, ...rest] = slices;
    expect([first, second]).toEqual([
      { pieces: 2, ms: 6 },
      { pieces: 2, ms: 6 },
    ]);
    expect(held).toEqual({ pieces: 1, ms: 50 });
    expect(rest.slice(0, -1).every((slice) => slice.pieces === 2 && slice.ms === 6)).toBe(true);
    expect(rest).toHaveLength(13);
  });

  it('keeps at most the bounded number of lines waiting, dropping the oldest and saying so', () => {
    const { batcher, frame, writes } = setup(100);
    for (let i = 0; i < 1050; i++) batcher.push(`line ${i}`);
    frame.next();
    const lines = writes[0].split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(101);
    expect(lines[0]).toBe('[950 skipped]');
    expect(lines[1]).toBe('line 950');
    expect(lines[100]).toBe('line 1049');
  });

  it('counts the lines the terminal has processed and the lines it skipped, once each slice is done', () => {
    const frame = frames();
    const done: Array<() => void> = [];
    const reports: Array<[number, number]> = [];
    const batcher: OutputBatcher = new OutputBatcher((_text, finished) => done.push(finished), {
      maxPendingLines: 100,
      skippedNotice: (count) => `[${count} skipped]`,
      schedule: frame.schedule,
      beforeTerminalTask: (callback) => callback(),
      onWritten: () => reports.push([batcher.written, batcher.skipped]),
    });
    for (let i = 0; i < 250; i++) batcher.push(`line ${i}`);
    frame.next();
    // Written only once the terminal says so.
    expect(batcher.written).toBe(0);
    expect(batcher.skipped).toBe(150);
    done.splice(0).forEach((finished) => finished());
    // 100 lines and the notice about the 150 skipped ones.
    expect(reports).toEqual([[101, 150]]);
    batcher.push('one more');
    frame.next();
    done.splice(0).forEach((finished) => finished());
    expect(reports).toEqual([
      [101, 150],
      [102, 150],
    ]);
  });

  it('forgets waiting lines when cleared, and writes nothing after being disposed', () => {
    const { batcher, frame, writes } = setup();
    batcher.push('stale');
    batcher.clear();
    batcher.push('fresh');
    frame.next();
    expect(writes).toEqual(['fresh\r\n']);
    batcher.dispose();
    batcher.push('late');
    frame.next();
    expect(writes).toEqual(['fresh\r\n']);
  });

  it('takes the next slice at the next frame or after 16 ms, whichever comes first, once', () => {
    jest.useFakeTimers();
    try {
      const callback = jest.fn();
      nextFrameOrSoon(callback);
      jest.advanceTimersByTime(15);
      const early = callback.mock.calls.length;
      jest.advanceTimersByTime(100);
      expect(early).toBeLessThanOrEqual(1);
      expect(callback).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
