import { OutputBatcher } from '../../../../src/features/console/OutputBatcher';

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
    { maxPendingLines, skippedNotice: (count) => `[${count} skipped]`, schedule: frame.schedule },
  );
  return { batcher, frame, writes, finish: () => done.splice(0).forEach((finished) => finished()) };
}

describe('OutputBatcher', () => {
  it('writes all lines of a frame at once, in order, each ending a line', () => {
    const { batcher, frame, writes } = setup();
    batcher.push('one');
    batcher.push('two');
    batcher.push('\u001b[31mthree\u001b[0m');
    expect(writes).toEqual([]);
    expect(frame.pending()).toBe(1);
    frame.next();
    expect(writes).toEqual(['one\r\ntwo\r\n\u001b[31mthree\u001b[0m\r\n']);
  });

  it('under a flood writes once per frame, never while the terminal is still busy with the last batch', () => {
    const { batcher, frame, writes, finish } = setup(100_000);
    for (let i = 0; i < 20_000; i++) batcher.push(`line ${i}`);
    frame.next();
    expect(writes).toHaveLength(1);
    for (let i = 20_000; i < 40_000; i++) batcher.push(`line ${i}`);
    // The first batch is not processed yet: nothing is scheduled, nothing written.
    expect(frame.pending()).toBe(0);
    frame.next();
    expect(writes).toHaveLength(1);
    finish();
    frame.next();
    expect(writes).toHaveLength(2);
    const lines = writes.join('').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(40_000);
    expect(lines[0]).toBe('line 0');
    expect(lines[39_999]).toBe('line 39999');
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

  it('counts the lines the terminal has processed and the lines it skipped, once each batch is done', () => {
    const frame = frames();
    const done: Array<() => void> = [];
    const reports: Array<[number, number]> = [];
    const batcher: OutputBatcher = new OutputBatcher((_text, finished) => done.push(finished), {
      maxPendingLines: 100,
      skippedNotice: (count) => `[${count} skipped]`,
      schedule: frame.schedule,
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

  it('hands over at most the write budget per frame, the rest in the next frames, in order', () => {
    const frame = frames();
    const writes: string[] = [];
    const done: Array<() => void> = [];
    const batcher = new OutputBatcher(
      (text, finished) => {
        writes.push(text);
        done.push(finished);
      },
      { maxPendingLines: 100, writeBudget: { targetMs: 100, minLines: 40, maxLines: 40 }, skippedNotice: (count) => `[${count} skipped]`, schedule: frame.schedule },
    );
    for (let i = 0; i < 130; i++) batcher.push(`line ${i}`);
    for (let write = 0; write < 3; write++) {
      frame.next();
      done.splice(0).forEach((finished) => finished());
    }
    expect(frame.pending()).toBe(0);
    const batches = writes.map((text) => text.split('\r\n').filter(Boolean));
    // The 30 oldest lines were dropped (more than the terminal keeps were waiting); their notice comes first.
    expect(batches.map((lines) => lines.length)).toEqual([41, 40, 20]);
    expect(batches[0][0]).toBe('[30 skipped]');
    expect(batches.flat().slice(1)).toEqual(Array.from({ length: 100 }, (_, i) => `line ${i + 30}`));
    expect([batcher.written, batcher.skipped]).toEqual([101, 30]);
  });

  it('sizes its writes by how long the terminal took for the last ones', () => {
    const frame = frames();
    let clock = 0;
    const writes: number[] = [];
    const done: Array<() => void> = [];
    const batcher = new OutputBatcher(
      (text, finished) => {
        writes.push(text.split('\r\n').filter(Boolean).length);
        done.push(finished);
      },
      { maxPendingLines: 10_000, writeBudget: { targetMs: 100, minLines: 100, maxLines: 10_000 }, now: () => clock, skippedNotice: (count) => `[${count} skipped]`, schedule: frame.schedule },
    );
    for (let i = 0; i < 5000; i++) batcher.push(`line ${i}`);
    frame.next();
    // The first write holds the fewest lines; the terminal takes them in 10 ms (1,000 would fit in 100 ms).
    clock += 10;
    done.splice(0).forEach((finished) => finished());
    frame.next();
    expect(writes).toEqual([100, 550]);
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
});
