import { lookup } from 'mime-types';
import type { FileEntryJson } from '../routes/files/schemas';

const TYPE_CHAR: Array<[number, string]> = [
  [0o040000, 'd'],
  [0o120000, 'l'],
  [0o020000, 'c'],
  [0o060000, 'b'],
  [0o010000, 'p'],
  [0o140000, 's'],
];

// A folder of 10,000 entries holds only a handful of distinct modes and extensions.
const modeCache = new Map<number, string>();
const mimeCache = new Map<string, string>();

/** The mode as `ls -l` prints it, e.g. `-rw-r--r--` or `drwxr-xr-x`. */
export function modeString(mode: number): string {
  let text = modeCache.get(mode);
  if (text === undefined) {
    text = buildModeString(mode);
    if (modeCache.size < 4096) modeCache.set(mode, text);
  }
  return text;
}

const bitsCache: string[] = [];

/** The permission bits in octal, e.g. `644` (512 possible values, each made once). */
export function modeBits(mode: number): string {
  const bits = mode & 0o777;
  return (bitsCache[bits] ??= bits.toString(8).padStart(3, '0'));
}

function buildModeString(mode: number): string {
  const type = TYPE_CHAR.find(([bits]) => (mode & 0o170000) === bits)?.[1] ?? '-';
  const rwx = (shift: number, special: number, specialChar: string) => {
    const bits = (mode >> shift) & 7;
    const exec = bits & 1 ? (mode & special ? specialChar : 'x') : mode & special ? specialChar.toUpperCase() : '-';
    return `${bits & 4 ? 'r' : '-'}${bits & 2 ? 'w' : '-'}${exec}`;
  };
  return type + rwx(6, 0o4000, 's') + rwx(3, 0o2000, 's') + rwx(0, 0o1000, 't');
}

// Files game servers keep that mime-types does not know; the editor picks its mode from these.
const EXTRA_TYPES: Record<string, string> = {
  properties: 'text/x-java-properties',
  toml: 'application/toml',
  log: 'text/plain',
  cfg: 'text/plain',
  conf: 'text/plain',
  ini: 'text/plain',
  sh: 'application/x-sh',
  lang: 'text/plain',
  mcmeta: 'application/json',
};

/** The mime type by name (folders are `inode/directory`). */
export function mimeOf(name: string, isDirectory: boolean): string {
  if (isDirectory) return 'inode/directory';
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  let mime = mimeCache.get(extension);
  if (mime === undefined) {
    mime = EXTRA_TYPES[extension] ?? (lookup(extension ? `x.${extension}` : name) || 'application/octet-stream');
    if (mimeCache.size < 4096) mimeCache.set(extension, mime);
  }
  return mime;
}

const DAY_MS = 86_400_000;
const dayCache = new Map<number, string>();
const isoCodes: number[] = new Array(24);
const DIGIT_0 = 0x30;

/**
 * `new Date(ms).toISOString()`, several times faster for a listing: the date part is cached per
 * day (a folder's files share few days) and the time of day is plain arithmetic. The text is
 * made in one piece from its character codes: a concatenation would leave a chain of string
 * pieces that JSON.stringify has to copy into one string again for every entry.
 */
export function isoTime(ms: number): string {
  const whole = Math.floor(ms);
  const day = Math.floor(whole / DAY_MS);
  let date = dayCache.get(day);
  if (date === undefined) {
    const midnight = new Date(day * DAY_MS).toISOString();
    // Years outside 0000–9999 print with a sign and six digits; only plain years use the cache.
    if (midnight.length !== 24) return new Date(whole).toISOString();
    date = midnight.slice(0, 11);
    if (dayCache.size > 4096) dayCache.clear();
    dayCache.set(day, date);
  }
  const time = whole - day * DAY_MS; // 0 ≤ time < one day, also before 1970
  const seconds = Math.floor(time / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor(seconds / 60) % 60;
  const second = seconds % 60;
  const millis = time % 1000;
  const codes = isoCodes;
  for (let i = 0; i < 11; i += 1) codes[i] = date.charCodeAt(i); // YYYY-MM-DDT
  codes[11] = DIGIT_0 + Math.floor(hours / 10);
  codes[12] = DIGIT_0 + (hours % 10);
  codes[13] = 0x3a; // :
  codes[14] = DIGIT_0 + Math.floor(minutes / 10);
  codes[15] = DIGIT_0 + (minutes % 10);
  codes[16] = 0x3a;
  codes[17] = DIGIT_0 + Math.floor(second / 10);
  codes[18] = DIGIT_0 + (second % 10);
  codes[19] = 0x2e; // .
  codes[20] = DIGIT_0 + Math.floor(millis / 100);
  codes[21] = DIGIT_0 + (Math.floor(millis / 10) % 10);
  codes[22] = DIGIT_0 + (millis % 10);
  codes[23] = 0x5a; // Z
  return String.fromCharCode.apply(null, codes);
}

/** The stat fields a folder entry is made from (a Stats object has them, among others). */
export interface StatFields {
  mode: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  birthtimeMs: number;
}

const S_IFMT = 0o170000;
const isType = (stats: StatFields | null | undefined, type: number) => stats != null && (stats.mode & S_IFMT) === type;

/** Whether these are the stats of a symlink. */
export const isSymlinkStats = (stats: StatFields) => isType(stats, 0o120000);

/**
 * A folder entry for the API. `stats` are those of the entry itself (lstat); for a symlink,
 * `target` holds the stats of what it points to when that is inside the root, so a link to a
 * folder opens like a folder. The kind of entry is read from the mode, so plain numbers (as the
 * stat worker sends them) do as well as a Stats object.
 */
export function toFileEntry(name: string, stats: StatFields, target?: StatFields | null): FileEntryJson {
  const isSymlink = isSymlinkStats(stats);
  const effective = isSymlink ? target : stats;
  const isDirectory = isType(effective, 0o040000);
  const createdMs = stats.birthtimeMs > 0 ? stats.birthtimeMs : stats.ctimeMs;
  return {
    name,
    size: stats.size,
    mode: modeString(stats.mode),
    mode_bits: modeBits(stats.mode),
    modified_at: isoTime(stats.mtimeMs),
    created_at: isoTime(createdMs),
    is_file: isType(effective, 0o100000),
    is_directory: isDirectory,
    is_symlink: isSymlink,
    mime: mimeOf(name, isDirectory),
  };
}
