/**
 * Cuts `text` into pieces of at most `maxChars` characters, each ending at a line end ("\n")
 * where one lies within the limit; a single longer line is cut at the limit. Joined, the pieces
 * give back `text`.
 */
export function splitAtLineEnds(text: string, maxChars: number): string[] {
  if (text.length <= maxChars) return [text];
  const pieces: string[] = [];
  let start = 0;
  while (text.length - start > maxChars) {
    const limit = start + maxChars;
    const lineEnd = text.lastIndexOf('\n', limit - 1);
    const end = lineEnd >= start ? lineEnd + 1 : limit;
    pieces.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}
