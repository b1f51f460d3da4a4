/** How values are written: `java` escapes like Properties.store; `none` writes them as they are. */
export type PropertiesEscaping = 'java' | 'none';

/** Escapes a value the way Java's Properties.store does (vanilla writes `minecraft\:normal`). */
function escapeValue(value: string, escaping: PropertiesEscaping = 'java'): string {
  // Games reading plain key=value lines (Terraria) take the rest of the line literally.
  if (escaping === 'none') return value.replace(/[\r\n]+/g, ' ');
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(/[:=#!]/g, (c) => `\\${c}`)
    .replace(/^ /, '\\ ');
}

const ENTRY = /^\s*([^#!=:\s][^=:\s]*)\s*[=:]?/;

/** Reads Java escapes: `\n`, `\t`, `\r`, `\uXXXX` (vanilla writes `§` as `\u00A7`), `\:` and the like. */
function unescapeValue(value: string): string {
  return value.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, c: string) =>
    c.length === 5 ? String.fromCharCode(Number.parseInt(c.slice(1), 16)) : (({ n: '\n', t: '\t', r: '\r' } as Record<string, string>)[c] ?? c),
  );
}

/**
 * Parses server.properties-style text into key → value (later keys win, comments skipped).
 * With escaping `none` values are taken literally, as games reading plain key=value lines do.
 */
export function parseProperties(text: string, escaping: PropertiesEscaping = 'java'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('!')) continue;
    const match = /^([^=:\s]+)\s*[=:]?\s*(.*)$/.exec(line);
    if (match) out[match[1]] = escaping === 'java' ? unescapeValue(match[2]) : match[2];
  }
  return out;
}

/** The line break a text mostly uses: `\r\n` (files written on Windows) or `\n` (also for text without any). */
export function lineEndingOf(text: string): '\r\n' | '\n' {
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  const lf = (text.match(/\n/g)?.length ?? 0) - crlf;
  return crlf > lf ? '\r\n' : '\n';
}

/** `text` with every line break written as `eol` (an editor in the browser sends `\n` only). */
export function withLineEndings(text: string, eol: '\r\n' | '\n'): string {
  return text.replace(/\r?\n/g, eol);
}

/**
 * Sets `values` in properties text, keeping comments, order and every other key as they are;
 * keys not present yet are appended. With `onlyMissing`, existing keys keep their value. Only the
 * lines of changed keys are rewritten: every other byte stays, line breaks (`\r\n` or `\n`) and
 * whether the text ends with one included; appended lines use the text's own line break.
 */
export function updateProperties(text: string, values: Record<string, string>, onlyMissing = false, escaping: PropertiesEscaping = 'java'): string {
  const wanted = new Map(Object.entries(values));
  const seen = new Set<string>();
  const eol = lineEndingOf(text);
  // Lines at even indices, each followed by its own line break; a last '' means the text ends with one.
  const pieces = text === '' ? [''] : text.split(/(\r?\n)/);
  for (let i = 0; i < pieces.length; i += 2) {
    const match = ENTRY.exec(pieces[i]);
    if (!match || !wanted.has(match[1])) continue;
    const key = match[1];
    seen.add(key);
    // Every occurrence of a repeated key is set: the last one is what the game reads.
    if (!onlyMissing) pieces[i] = `${key}=${escapeValue(wanted.get(key)!, escaping)}`;
  }
  const added = [...wanted].filter(([key]) => !seen.has(key)).map(([key, value]) => `${key}=${escapeValue(value, escaping)}`);
  if (added.length === 0) return pieces.join('');
  const endsWithBreak = text === '' || pieces[pieces.length - 1] === '';
  const before = endsWithBreak ? pieces.slice(0, -1).join('') : `${pieces.join('')}${eol}`;
  return `${before}${added.join(eol)}${endsWithBreak ? eol : ''}`;
}
