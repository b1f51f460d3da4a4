// First: quiets xterm's canvas probe before xterm.js loads.
import { terminalText } from '../../../helpers/xtermInJsdom';
import { Terminal } from '@xterm/xterm';
import { configure, waitFor } from '@testing-library/react';
import { CONSOLE_SCROLLBACK, createXtermAdapter, WRITE_PIECE_CHARS } from '../../../../../src/features/console/terminal/createXtermAdapter';

// xterm's parsing and rendering in jsdom on a busy machine: give waits room.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(30_000);

describe('the xterm.js adapter', () => {
  it('hands a large write to xterm in bounded pieces and reports it done once, after the last line', async () => {
    const element = document.createElement('div');
    document.body.append(element);
    const xtermWrite = jest.spyOn(Terminal.prototype, 'write');
    const adapter = createXtermAdapter(element);
    try {
      const text = Array.from({ length: 3000 }, (_, i) => `\u001b[36m[12:00:00 INFO]\u001b[0m: line ${i} of the flood\r\n`).join('');
      const done = jest.fn();
      adapter.write(text, done);
      const pieces = xtermWrite.mock.calls.map(([data]) => String(data));
      expect(pieces.length).toBeGreaterThan(text.length / WRITE_PIECE_CHARS);
      expect(pieces.every((piece) => piece.length <= WRITE_PIECE_CHARS)).toBe(true);
      expect(pieces.join('')).toBe(text);
      // Only the last piece carries the callback.
      expect(xtermWrite.mock.calls.filter(([, callback]) => callback !== undefined)).toHaveLength(1);
      await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
      await waitFor(() => expect(terminalText(element)).toContain('line 2999 of the flood'));
    } finally {
      adapter.dispose();
      xtermWrite.mockRestore();
      element.remove();
    }
  });

  it('under scroll lock shows the same lines again after each write, also once a full scrollback drops its oldest ones', async () => {
    const element = document.createElement('div');
    document.body.append(element);
    // jsdom lays nothing out, so xterm cannot really scroll here: what the adapter asks for is checked.
    const scrollToLine = jest.spyOn(Terminal.prototype, 'scrollToLine');
    const adapter = createXtermAdapter(element);
    const write = (text: string) => new Promise<void>((resolve) => adapter.write(text, resolve));
    const lines = (from: number, count: number) => Array.from({ length: count }, (_, i) => `log line ${from + i}\r\n`).join('');
    try {
      await write(lines(0, 100));
      adapter.setScrollLock(true);
      // Room left in the scrollback: the view (24 rows, the last one the cursor’s) goes back to
      // the line it started at.
      await write(lines(100, 100));
      expect(scrollToLine).toHaveBeenLastCalledWith(100 + 1 - 24);
      adapter.setScrollLock(false);
      // The scrollback is full: each new line pushes the oldest out, and the lines in view move up.
      await write(lines(200, CONSOLE_SCROLLBACK));
      scrollToLine.mockClear();
      adapter.setScrollLock(true);
      // The view shows the newest lines: its top is line CONSOLE_SCROLLBACK of the buffer.
      await write(lines(CONSOLE_SCROLLBACK + 200, 100));
      expect(scrollToLine).toHaveBeenCalledTimes(1);
      // A hundred lines out at the top: the line that was on top of the view is a hundred lines higher.
      expect(scrollToLine).toHaveBeenLastCalledWith(CONSOLE_SCROLLBACK - 100);
    } finally {
      adapter.dispose();
      scrollToLine.mockRestore();
      element.remove();
    }
  });
});
