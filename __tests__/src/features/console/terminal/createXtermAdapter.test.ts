// First: quiets xterm's canvas probe before xterm.js loads.
import { terminalText } from '../../../helpers/xtermInJsdom';
import { Terminal } from '@xterm/xterm';
import { configure, waitFor } from '@testing-library/react';
import { createXtermAdapter, WRITE_PIECE_CHARS } from '../../../../../src/features/console/terminal/createXtermAdapter';

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
});
