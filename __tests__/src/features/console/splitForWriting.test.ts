import { splitForWriting } from '../../../../src/features/console/terminal/splitForWriting';

describe('splitForWriting', () => {
  it('leaves a short text whole', () => {
    expect(splitForWriting('one\r\ntwo\r\n', 100)).toEqual(['one\r\ntwo\r\n']);
  });

  it('cuts a long text at line ends into pieces no longer than the limit, losing nothing', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `line ${i}\r\n`);
    const text = lines.join('');
    const pieces = splitForWriting(text, 100);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(text.length / 100);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(100);
      expect(piece.endsWith('\n')).toBe(true);
    }
  });

  it('cuts a single line longer than the limit inside it', () => {
    const text = `${'x'.repeat(250)}\r\nshort\r\n`;
    const pieces = splitForWriting(text, 100);
    expect(pieces.join('')).toBe(text);
    expect(pieces.map((piece) => piece.length)).toEqual([100, 100, 59]);
  });
});
