import type { ConfigFieldSpec } from '../ConfigFieldSpec';
import { appendLines, lineEndingOf, SINGLE_LINE, splitLines, unrealBoolean, type ConfigFormat } from './ConfigFormat';

const SECTION = /^\s*\[([^\]\r\n]+)\]\s*$/;
// Key=Value; a key may hold brackets (PerLevelStatsMultiplier_Player[7]) but not start with one.
const ENTRY = /^\s*([^=;#[\s][^=]*?)\s*=(.*)$/;

/** A field key names its section: `ServerSettings/XPMultiplier`, `/Script/Engine.GameSession/MaxPlayers` (split at the last /). */
export function iniFieldKey(section: string, key: string): string {
  return section === '' ? key : `${section}/${key}`;
}

function splitFieldKey(fieldKey: string): { section: string; key: string } {
  const at = fieldKey.lastIndexOf('/');
  return at < 0 ? { section: '', key: fieldKey } : { section: fieldKey.slice(0, at), key: fieldKey.slice(at + 1) };
}

/** Unreal reads `"text"` without its quotes (`\"` and `\\` unescaped); other values as written. */
function valueOf(raw: string): string {
  const value = raw.trim();
  const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(value);
  return quoted ? quoted[1].replace(/\\(.)/g, '$1') : value;
}

function written(value: string, spec: ConfigFieldSpec | undefined, wasQuoted: boolean): string {
  if (spec?.type === 'boolean') return unrealBoolean(value);
  if (wasQuoted) return `"${value.replace(/(["\\])/g, '\\$1')}"`;
  return spec && spec.type !== 'string' ? value.trim() : value;
}

interface Entry {
  line: number;
  section: string;
  key: string;
  raw: string;
}

/** Every Key=Value line with its section, and where each section's last entry (or header) is. */
function scan(pieces: string[]): { entries: Entry[]; sectionEnds: Map<string, number> } {
  const entries: Entry[] = [];
  const sectionEnds = new Map<string, number>();
  let section = '';
  for (let i = 0; i < pieces.length; i += 2) {
    const header = SECTION.exec(pieces[i]);
    if (header) {
      section = header[1].trim();
      sectionEnds.set(section, i);
      continue;
    }
    const entry = ENTRY.exec(pieces[i]);
    if (!entry) continue;
    entries.push({ line: i, section, key: entry[1], raw: entry[2] });
    sectionEnds.set(section, i);
  }
  return { entries, sectionEnds };
}

/**
 * INI files as Unreal games read them (ARK's GameUserSettings.ini): `[Section]` headers, `Key=Value`
 * lines, `;` and `#` comments. Fields are named `Section/Key`; a new key is added after the last
 * entry of its section, a new section at the end of the file.
 */
export const iniFormat: ConfigFormat = {
  parse(text) {
    const out: Record<string, string> = {};
    for (const entry of scan(splitLines(text)).entries) out[iniFieldKey(entry.section, entry.key)] = valueOf(entry.raw);
    return out;
  },
  update(text, values, specs) {
    const pieces = splitLines(text);
    const eol = lineEndingOf(text);
    const { entries, sectionEnds } = scan(pieces);
    const seen = new Set<string>();
    for (const entry of entries) {
      const fieldKey = iniFieldKey(entry.section, entry.key);
      if (!(fieldKey in values)) continue;
      seen.add(fieldKey);
      const value = values[fieldKey];
      if (valueOf(entry.raw) === value) continue;
      const wasQuoted = /^\s*".*"\s*$/.test(entry.raw);
      pieces[entry.line] = `${pieces[entry.line].slice(0, pieces[entry.line].indexOf('='))}=${written(value, specs.get(fieldKey), wasQuoted)}`;
    }
    // Keys the file lacks: after the last entry of their section, or in a new section at the end.
    const newSections = new Map<string, string[]>();
    const insertAfter = new Map<number, string[]>();
    for (const [fieldKey, value] of Object.entries(values)) {
      if (seen.has(fieldKey)) continue;
      const { section, key } = splitFieldKey(fieldKey);
      const line = `${key}=${written(value, specs.get(fieldKey), false)}`;
      const end = sectionEnds.get(section);
      if (end === undefined) newSections.set(section, [...(newSections.get(section) ?? []), line]);
      else insertAfter.set(end, [...(insertAfter.get(end) ?? []), line]);
    }
    for (const [line, lines] of insertAfter) pieces[line] = [pieces[line], ...lines].join(eol);
    let result = pieces.join('');
    // Keys outside any section go before the first header; other new sections at the end.
    const top = newSections.get('');
    if (top) result = text === '' ? appendLines('', top) : `${top.join(eol)}${eol}${result}`;
    for (const [section, lines] of newSections) {
      if (section === '') continue;
      result = appendLines(result, [...(result.trim() === '' ? [] : ['']), `[${section}]`, ...lines]);
    }
    return result;
  },
  keyProblem(fieldKey) {
    const { section, key } = splitFieldKey(fieldKey);
    if (/[\]\r\n]/.test(section)) return 'The section cannot contain ] or line breaks.';
    return /^[^=;#[\s][^=\r\n]*$/.test(key) && !/\s$/.test(key) ? null : 'Keys are written Section/Key; the key cannot contain = or start with [, ; or #.';
  },
  valueProblem: (value) => (/[\r\n]/.test(value) ? SINGLE_LINE : null),
};
