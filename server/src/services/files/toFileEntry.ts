import { lookup } from 'mime-types';
import type { FileEntryJson } from '../../schemas/files';

/** The stat fields an entry is made from (the file port's FileInfo has them, and so does a Stats object). */
export interface StatFields {
  mode: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  birthtimeMs: number;
}

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

/**
 * The mime type by name (folders are `inode/directory`): by its extension, and
 * application/octet-stream without one (a dotfile such as `.env` has none). The cache is keyed
 * by the extension as written, so the usual lower-case ones skip lower-casing.
 */
export function mimeOf(name: string, isDirectory: boolean): string {
  if (isDirectory) return 'inode/directory';
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return 'application/octet-stream';
  const written = name.slice(dot + 1);
  let mime = mimeCache.get(written);
  if (mime === undefined) {
    const extension = written.toLowerCase();
    mime = EXTRA_TYPES[extension] ?? (lookup(`x.${extension}`) || 'application/octet-stream');
    if (mimeCache.size < 4096) mimeCache.set(written, mime);
  }
  return mime;
}

const DAY_MS = 86_400_000;
const dayCache = new Map<number, string>();
const isoCodes: number[] = new Array(20);
const DIGIT_0 = 0x30;

/**
 * `YYYY-MM-DDTHH:MM:SS.` of a whole second since 1970 (negative before), or null for a year
 * outside 0000–9999, which prints with a sign and six digits. The date part is cached per day
 * and the time of day is plain arithmetic, made in one piece from its character codes.
 */
function secondPrefix(second: number): string | null {
  const day = Math.floor(second / 86_400);
  let date = dayCache.get(day);
  if (date === undefined) {
    const midnight = new Date(day * DAY_MS).toISOString();
    if (midnight.length !== 24) return null;
    date = midnight.slice(0, 11);
    if (dayCache.size > 4096) dayCache.clear();
    dayCache.set(day, date);
  }
  const time = second - day * 86_400; // 0 ≤ time < one day, also before 1970
  const hours = Math.floor(time / 3600);
  const minutes = Math.floor(time / 60) % 60;
  const seconds = time % 60;
  const codes = isoCodes;
  for (let i = 0; i < 11; i += 1) codes[i] = date.charCodeAt(i); // YYYY-MM-DDT
  codes[11] = DIGIT_0 + Math.floor(hours / 10);
  codes[12] = DIGIT_0 + (hours % 10);
  codes[13] = 0x3a; // :
  codes[14] = DIGIT_0 + Math.floor(minutes / 10);
  codes[15] = DIGIT_0 + (minutes % 10);
  codes[16] = 0x3a;
  codes[17] = DIGIT_0 + Math.floor(seconds / 10);
  codes[18] = DIGIT_0 + (seconds % 10);
  codes[19] = 0x2e; // .
  return String.fromCharCode.apply(null, codes);
}

// The prefixes of recently printed seconds: a folder's files were mostly written in few of them.
const secondCache = new Map<number, string>();
const MILLIS_Z = Array.from({ length: 1000 }, (_, millis) => `${String(millis).padStart(3, '0')}Z`);

/**
 * `new Date(ms).toISOString()`, several times faster for a listing: the text up to the second
 * is cached per second, and the milliseconds come from a table. Two flat pieces make a string
 * JSON.stringify copies cheaply (a longer concatenation would leave it a chain to walk).
 */
export function isoTime(ms: number): string {
  const whole = Math.floor(ms);
  const second = Math.floor(whole / 1000);
  let prefix = secondCache.get(second);
  if (prefix === undefined) {
    const made = secondPrefix(second);
    if (made === null) return new Date(whole).toISOString();
    prefix = made;
    if (secondCache.size > 16_384) secondCache.clear();
    secondCache.set(second, prefix);
  }
  return prefix + MILLIS_Z[whole - second * 1000];
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
  const modifiedAt = isoTime(stats.mtimeMs);
  return {
    name,
    size: stats.size,
    mode: modeString(stats.mode),
    mode_bits: modeBits(stats.mode),
    modified_at: modifiedAt,
    // A file written once was made in the same millisecond as its last change, most often.
    created_at: Math.floor(createdMs) === Math.floor(stats.mtimeMs) ? modifiedAt : isoTime(createdMs),
    is_file: isType(effective, 0o100000),
    is_directory: isDirectory,
    is_symlink: isSymlink,
    mime: mimeOf(name, isDirectory),
  };
}
