import type { FileEntryJson } from '../../schemas/files';

/**
 * A key whose plain string order is the natural, case-insensitive order of names: digit runs are
 * padded so "file2" sorts before "file10". Computing it once per name and comparing plain strings
 * is several times faster than Intl.Collator over the ~130,000 comparisons of a 10,000-entry sort.
 */
export function naturalSortKey(name: string): string {
  const lower = name.toLowerCase();
  // A scan with charCodeAt instead of a regular expression with a callback: half the time, and
  // the names without digits (most folders) come back without building a new string.
  let key = '';
  let copied = 0;
  for (let i = 0; i < lower.length;) {
    if (!isDigit(lower.charCodeAt(i))) {
      i += 1;
      continue;
    }
    let start = i; // leading zeros are dropped, but a run of zeros keeps its last one
    while (start < lower.length - 1 && lower.charCodeAt(start) === 0x30 && isDigit(lower.charCodeAt(start + 1))) start += 1;
    let end = start;
    while (end < lower.length && isDigit(lower.charCodeAt(end))) end += 1;
    key += lower.slice(copied, i) + String.fromCharCode(0x30 + Math.min(end - start, 40)) + lower.slice(start, end);
    i = end;
    copied = end;
  }
  return copied === 0 ? lower : key + lower.slice(copied);
}

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Folders first, then by name (natural order: file2 before file10). */
export function compareEntries(a: FileEntryJson, b: FileEntryJson): number {
  if (a.is_directory !== b.is_directory) return a.is_directory ? -1 : 1;
  return byKey(naturalSortKey(a.name), naturalSortKey(b.name)) || byKey(a.name, b.name);
}

/** The sort key of an entry: folders first, then the natural order of the name. */
export const sortKey = (entry: FileEntryJson) => `${entry.is_directory ? 0 : 1}${naturalSortKey(entry.name)}`;

/** Sorts keyed entries like {@link compareEntries}, in place. */
export function sortKeyed<T extends { entry: FileEntryJson; key: string }>(keyed: T[]): T[] {
  return keyed.sort((a, b) => byKey(a.key, b.key) || byKey(a.entry.name, b.entry.name));
}

/** Sorts like {@link compareEntries}, each name's key computed once. */
export function sortEntries(entries: FileEntryJson[]): FileEntryJson[] {
  return sortKeyed(entries.map((entry) => ({ entry, key: sortKey(entry) }))).map(({ entry }) => entry);
}
