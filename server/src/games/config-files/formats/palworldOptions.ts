import type { ConfigFieldSpec } from '../ConfigFieldSpec';
import { appendLines, lineEndingOf, SINGLE_LINE, splitLines, unrealBoolean, type ConfigFormat } from './ConfigFormat';

export const PALWORLD_SECTION = '/Script/Pal.PalGameWorldSettings';
const OPTIONS_LINE = /^(\s*OptionSettings\s*=\s*\()(.*)(\)\s*)$/;
const TOKEN = /^(\s*)([^=\s]+)(\s*=)(.*)$/;

/** The top-level `Key=Value` items of the parentheses, split at commas outside quotes and nested parentheses. */
function splitItems(inner: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      items.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  items.push(inner.slice(start));
  return inner.trim() === '' ? [] : items;
}

const QUOTED = /^\s*"((?:[^"\\]|\\.)*)"\s*$/;

/** `"text"` without its quotes and escapes (Unreal reads `\"` and `\\`); other values (numbers, enums, lists) as written. */
function valueOf(raw: string): string {
  const quoted = QUOTED.exec(raw);
  return quoted ? quoted[1].replace(/\\(.)/g, '$1') : raw.trim();
}

const quote = (value: string) => `"${value.replace(/(["\\])/g, '\\$1')}"`;

/** Text is quoted (as the game writes ServerName="…"), booleans True/False, numbers and enums bare. */
function written(value: string, spec: ConfigFieldSpec | undefined, wasQuoted: boolean): string {
  if (spec?.type === 'boolean') return unrealBoolean(value);
  if (spec?.type === 'string' || wasQuoted) return quote(value);
  if (spec) return value.trim();
  // A key the catalogue does not know: bare when it is a word, a number or a (list), quoted otherwise.
  return /^[\w.+-]+$/.test(value) || /^\([^"]*\)$/.test(value) ? value : quote(value);
}

function findOptionsLine(pieces: string[]): number {
  let found = -1;
  for (let i = 0; i < pieces.length; i += 2) if (OPTIONS_LINE.test(pieces[i])) found = i;
  return found;
}

/**
 * Palworld's PalWorldSettings.ini: every setting is an item of the one line
 * `OptionSettings=(Difficulty=None,ExpRate=1.000000,ServerName="My server",…)` under
 * `[/Script/Pal.PalGameWorldSettings]`. Only changed items are rewritten; new ones are appended
 * inside the parentheses; the rest of the file stays as it is.
 */
export const palworldOptionsFormat: ConfigFormat = {
  parse(text) {
    const pieces = splitLines(text);
    const at = findOptionsLine(pieces);
    const out: Record<string, string> = {};
    if (at < 0) return out;
    for (const item of splitItems(OPTIONS_LINE.exec(pieces[at])![2])) {
      const token = TOKEN.exec(item);
      if (token) out[token[2]] = valueOf(token[4]);
    }
    return out;
  },
  update(text, values, specs) {
    const pieces = splitLines(text);
    const at = findOptionsLine(pieces);
    const line = at >= 0 ? OPTIONS_LINE.exec(pieces[at])! : null;
    const items = line ? splitItems(line[2]) : [];
    const seen = new Set<string>();
    for (let i = 0; i < items.length; i++) {
      const token = TOKEN.exec(items[i]);
      if (!token || !(token[2] in values)) continue;
      seen.add(token[2]);
      const value = values[token[2]];
      if (valueOf(token[4]) !== value) items[i] = `${token[1]}${token[2]}${token[3]}${written(value, specs.get(token[2]), QUOTED.test(token[4]))}`;
    }
    for (const [key, value] of Object.entries(values)) if (!seen.has(key)) items.push(`${key}=${written(value, specs.get(key), false)}`);
    if (line) {
      pieces[at] = `${line[1]}${items.join(',')}${line[3]}`;
      return pieces.join('');
    }
    if (items.length === 0) return text;
    // No OptionSettings line yet: under the section's header, or in a new section at the end.
    const options = `OptionSettings=(${items.join(',')})`;
    const header = pieces.findIndex((piece, i) => i % 2 === 0 && piece.trim() === `[${PALWORLD_SECTION}]`);
    if (header >= 0) {
      pieces[header] = `${pieces[header]}${lineEndingOf(text)}${options}`;
      return pieces.join('');
    }
    return appendLines(text, [...(text.trim() === '' ? [] : ['']), `[${PALWORLD_SECTION}]`, options]);
  },
  keyProblem: (key) => (/^\w+$/.test(key) ? null : 'Must be a setting name (letters, digits and _).'),
  valueProblem: (value) => (/[\r\n]/.test(value) ? SINGLE_LINE : null),
};
