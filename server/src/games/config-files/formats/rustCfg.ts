import type { ConfigFieldSpec } from '../ConfigFieldSpec';
import { appendLines, SINGLE_LINE, splitLines, type ConfigFormat } from './ConfigFormat';

// `server.hostname "My Server"`: a convar, spaces, then its value (quoted when it holds spaces).
// Other lines (comments with // or #, blank lines) are kept as they are.
const LINE = /^\s*([A-Za-z_][\w.]*)(?:\s+(.*?))?\s*$/;

/** The value of a convar line: a single quoted string loses its quotes; anything else (several arguments) stays as written. */
function valueOf(rest: string | undefined): string {
  if (rest === undefined) return '';
  const quoted = /^"([^"]*)"$/.exec(rest);
  return quoted ? quoted[1] : rest;
}

/** How the console reads the value back: booleans in lower case, text quoted, numbers as they are. */
function written(value: string, spec: ConfigFieldSpec | undefined): string {
  if (spec?.type === 'boolean') return value.trim().toLowerCase();
  if (spec && spec.type !== 'string') return value.trim();
  if (spec || value === '' || (/\s/.test(value) && !value.includes('"'))) return `"${value}"`;
  return value;
}

/**
 * Rust's cfg/server.cfg: one console command a line, run when the server starts. Convar names are
 * matched in any case (the console ignores it); repeated lines are all set.
 */
export const rustCfgFormat: ConfigFormat = {
  parse(text) {
    const out: Record<string, string> = {};
    for (const line of text.split(/\r?\n/)) {
      const match = LINE.exec(line);
      if (match) out[match[1].toLowerCase()] = valueOf(match[2]);
    }
    return out;
  },
  update(text, values, specs) {
    const wanted = new Map(Object.entries(values).map(([key, value]) => [key.toLowerCase(), value]));
    const seen = new Set<string>();
    const pieces = splitLines(text);
    for (let i = 0; i < pieces.length; i += 2) {
      const match = LINE.exec(pieces[i]);
      const key = match?.[1].toLowerCase();
      if (!match || !key || !wanted.has(key)) continue;
      seen.add(key);
      const value = wanted.get(key)!;
      if (valueOf(match[2]) !== value) pieces[i] = `${match[1]} ${written(value, specs.get(key))}`;
    }
    const added = [...wanted].filter(([key]) => !seen.has(key)).map(([key, value]) => `${key} ${written(value, specs.get(key))}`);
    return appendLines(pieces.join(''), added);
  },
  keyProblem: (key) => (/^[A-Za-z_][\w.]*$/.test(key) ? null : 'Must be a console variable name (letters, digits, _ and dots).'),
  valueProblem(value, spec) {
    if (/[\r\n]/.test(value)) return SINGLE_LINE;
    if (spec?.type === 'string' && value.includes('"')) return 'Must not contain double quotes (").';
    return null;
  },
};
