import { RuleSyntaxError } from './RuleSyntaxError';

const PAIRS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
// PCRE flags JavaScript has; `D` (a `$` that ignores a final newline) is what JavaScript's `$` does already.
const FLAGS: Record<string, string> = { i: 'i', m: 'm', s: 's', u: 'u', D: '' };

function split(text: string): { body: string; flags: string } | null {
  const open = text[0];
  if (!open || /[a-zA-Z0-9\\\s]/.test(open)) return null;
  const close = PAIRS[open] ?? open;
  const end = text.lastIndexOf(close);
  if (end <= 0) return null;
  return { body: text.slice(1, end), flags: text.slice(end + 1) };
}

/**
 * PHP's (PCRE) patterns as eggs write them in `regex:` rules: a delimiter (`/`, `#`, `~` …),
 * the pattern, then flags. PCRE's anchors `\A`, `\z` and `\Z` become JavaScript's `^` and `$`;
 * flags JavaScript lacks (`x`, `U`) make the rule unreadable rather than quietly different.
 */
export const phpRegex = {
  /** Whether the text holds a whole delimited pattern yet (used while splitting at `|`). */
  isClosed(text: string): boolean {
    const parts = split(text);
    return parts !== null && /^[a-zA-Z]*$/.test(parts.flags);
  },

  compile(text: string): RegExp {
    const parts = split(text.trim());
    if (!parts) throw new RuleSyntaxError('The pattern needs delimiters, such as /^[a-z]+$/');
    let flags = '';
    for (const flag of parts.flags) {
      if (!(flag in FLAGS)) throw new RuleSyntaxError(`The pattern flag "${flag}" is not supported`);
      flags += FLAGS[flag];
    }
    const source = parts.body.replace(/\\A/g, '^').replace(/\\[zZ]/g, '$');
    try {
      return new RegExp(source, [...new Set(flags)].join(''));
    } catch {
      throw new RuleSyntaxError(`The pattern ${text} is not a valid regular expression`);
    }
  },
};
