import type { ExtractedKey } from './extractKeys';

/** A translation dictionary as stored: nested objects by the dots of the keys. */
export interface Dictionary {
  [name: string]: string | Dictionary;
}

/** Builds the nested, key-sorted dictionary; a key that is both a text and a group is a problem. */
export function buildDictionary(keys: Map<string, ExtractedKey>): { dictionary: Dictionary; problems: string[] } {
  const root: Dictionary = {};
  const problems: string[] = [];
  for (const key of [...keys.keys()].sort()) {
    const parts = key.split('.');
    let node = root;
    let clash = false;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next === 'string') {
        clash = true;
        break;
      }
      node = (node[part] ??= {}) as Dictionary;
    }
    const leaf = parts[parts.length - 1];
    if (clash || typeof node[leaf] === 'object') {
      problems.push(`${keys.get(key)?.at}: "${key}" is both a text and a group of texts`);
      continue;
    }
    node[leaf] = keys.get(key)!.value;
  }
  return { dictionary: sortDictionary(root), problems };
}

/** The same dictionary with its keys sorted at every level. */
export function sortDictionary(dictionary: Dictionary): Dictionary {
  const sorted: Dictionary = {};
  for (const name of Object.keys(dictionary).sort()) {
    const value = dictionary[name];
    sorted[name] = typeof value === 'string' ? value : sortDictionary(value);
  }
  return sorted;
}

/** Flattens a nested dictionary to dotted keys; values that are not strings are reported. */
export function flatten(dictionary: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (dictionary && typeof dictionary === 'object' && !Array.isArray(dictionary)) {
    for (const [name, value] of Object.entries(dictionary)) {
      const key = prefix ? `${prefix}.${name}` : name;
      if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, key, out);
      else out.set(key, value);
    }
  }
  return out;
}

/** The dictionary file's exact text: two-space JSON with a final newline. */
export function serialise(dictionary: Dictionary): string {
  return `${JSON.stringify(dictionary, null, 2)}\n`;
}
