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
    c.length === 5 ? String.fromCharCode(Number.parseInt(c.slice(1), 16)) : (({ n: '\n', t: '\t', r: '\r' }) as Record<string, string>)[c] ?? c,
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

/**
 * Sets `values` in properties text, keeping comments, order and every other key as they are;
 * keys not present yet are appended. With `onlyMissing`, existing keys keep their value.
 */
export function updateProperties(text: string, values: Record<string, string>, onlyMissing = false, escaping: PropertiesEscaping = 'java'): string {
  const wanted = new Map(Object.entries(values));
  const seen = new Set<string>();
  const lines = text === '' ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/);
  const out = lines.map((line) => {
    const match = ENTRY.exec(line);
    if (!match || !wanted.has(match[1])) return line;
    const key = match[1];
    seen.add(key);
    // Every occurrence of a repeated key is set: the last one is what the game reads.
    return onlyMissing ? line : `${key}=${escapeValue(wanted.get(key)!, escaping)}`;
  });
  for (const [key, value] of wanted) if (!seen.has(key)) out.push(`${key}=${escapeValue(value, escaping)}`);
  return `${out.join('\n')}\n`;
}
