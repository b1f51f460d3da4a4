import { splitAtLineEnds } from '../../../../../src/features/console/terminal/splitAtLineEnds';

describe('splitAtLineEnds', () => {
  it('leaves text within the limit whole', () => {
    expect(splitAtLineEnds('one\r\ntwo\r\n', 100)).toEqual(['one\r\ntwo\r\n']);
  });

  it('cuts after the last line end within the limit, keeping every character in order', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `\u001b[36m[INFO]\u001b[0m line ${i}\r\n`);
    const text = lines.join('');
    const pieces = splitAtLineEnds(text, 1024);
    expect(pieces.length).toBeGreaterThan(text.length / 1024);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(1024);
      expect(piece.endsWith('\r\n')).toBe(true);
    }
  });

  it('cuts a line longer than the limit at the limit', () => {
    const long = 'x'.repeat(2500);
    const pieces = splitAtLineEnds(`short\r\n${long}\r\nend\r\n`, 1000);
    expect(pieces[0]).toBe('short\r\n');
    expect(pieces.slice(1, 3).every((piece) => piece.length === 1000)).toBe(true);
    expect(pieces.join('')).toBe(`short\r\n${long}\r\nend\r\n`);
  });
});
