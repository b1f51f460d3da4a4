/** Escapes a value the way Java's Properties.store does (vanilla writes `minecraft\:normal`). */
function escapeValue(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(/[:=#!]/g, (c) => `\\${c}`)
    .replace(/^ /, '\\ ');
}

const ENTRY = /^\s*([^#!=:\s][^=:\s]*)\s*[=:]?/;

/** Parses server.properties-style text into key → value (later keys win, comments skipped). */
export function parseProperties(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('!')) continue;
    const match = /^([^=:\s]+)\s*[=:]?\s*(.*)$/.exec(line);
    if (match) out[match[1]] = match[2].replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r' })[c] ?? c);
  }
  return out;
}

/**
 * Sets `values` in properties text, keeping comments, order and every other key as they are;
 * keys not present yet are appended. With `onlyMissing`, existing keys keep their value.
 */
export function updateProperties(text: string, values: Record<string, string>, onlyMissing = false): string {
  const pending = new Map(Object.entries(values));
  const lines = text === '' ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/);
  const out = lines.map((line) => {
    const match = ENTRY.exec(line);
    if (!match || !pending.has(match[1])) return line;
    const key = match[1];
    const value = pending.get(key)!;
    pending.delete(key);
    return onlyMissing ? line : `${key}=${escapeValue(value)}`;
  });
  for (const [key, value] of pending) out.push(`${key}=${escapeValue(value)}`);
  return `${out.join('\n')}\n`;
}
