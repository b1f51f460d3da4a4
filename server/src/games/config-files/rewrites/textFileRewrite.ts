import { lineEndingOf } from '../formats/ConfigFormat';
import type { ConfigReplacement } from './ConfigRewrite';

/**
 * Wings' `file` parser: every line that starts with a replacement's `match` becomes that
 * replacement's value, whole (later replacements see what earlier ones wrote). Lines that match
 * nothing, and the file's line breaks, stay as they are; nothing is added.
 */
export function rewriteTextFile(text: string, replacements: readonly ConfigReplacement[]): string {
  const eol = lineEndingOf(text);
  const lines = text.split(/\r?\n/);
  return lines
    .map((line) => {
      let next = line;
      for (const replacement of replacements) if (next.startsWith(replacement.match)) next = replacement.value;
      return next;
    })
    .join(eol);
}
