import { createHash } from 'node:crypto';
import type { ServerFiles } from '../../runtime/files/ServerFiles';

/** What reading and writing the lists takes of a server's files. */
export type ListFiles = Pick<ServerFiles, 'readFile' | 'writeFile'>;

/** whitelist.json entry, exactly as vanilla writes it. */
export interface WhitelistEntry {
  uuid: string;
  name: string;
}

/** ops.json entry. */
export interface OpEntry {
  uuid: string;
  name: string;
  level: number;
  bypassesPlayerLimit: boolean;
}

/** banned-players.json entry; dates as `yyyy-MM-dd HH:mm:ss Z`, expires `forever` or a date. */
export interface BanEntry {
  uuid: string;
  name: string;
  created: string;
  source: string;
  expires: string;
  reason: string;
}

/** banned-ips.json entry. */
export interface IpBanEntry {
  ip: string;
  created: string;
  source: string;
  expires: string;
  reason: string;
}

export interface PlayerLists {
  whitelist: WhitelistEntry[];
  ops: OpEntry[];
  bans: BanEntry[];
  ipBans: IpBanEntry[];
}

/** The file of each list in the server's folder. */
export const listFiles: Record<keyof PlayerLists, string> = {
  whitelist: 'whitelist.json',
  ops: 'ops.json',
  bans: 'banned-players.json',
  ipBans: 'banned-ips.json',
};

/** Player names vanilla accepts. */
export const PLAYER_NAME = /^[A-Za-z0-9_]{3,16}$/;

/** The UUID vanilla gives a name in offline mode: a v3 UUID of MD5("OfflinePlayer:" + name). */
export function offlineUuid(name: string): string {
  const hash = createHash('md5').update(`OfflinePlayer:${name}`, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x30;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A date as vanilla writes it in ban lists (`2024-05-01 13:45:00 +0000`), in UTC. */
export function formatVanillaDate(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}-${p(date.getUTCMonth() + 1)}-${p(date.getUTCDate())} ${p(date.getUTCHours())}:${p(date.getUTCMinutes())}:${p(date.getUTCSeconds())} +0000`;
}

/** Reads a vanilla date (any offset); null for `forever` or anything else. */
export function parseVanillaDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const offset = (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9]));
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) - offset * 60_000);
}

/** Whether a ban has run out (vanilla drops such entries when it next saves). */
export function banExpired(entry: { expires: string }, now = new Date()): boolean {
  const at = entry.expires === 'forever' ? null : parseVanillaDate(entry.expires);
  return at !== null && at <= now;
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

function normalise(key: keyof PlayerLists, raw: unknown): PlayerLists[keyof PlayerLists] {
  const items = Array.isArray(raw) ? (raw as Record<string, unknown>[]).filter((e) => e && typeof e === 'object') : [];
  switch (key) {
    case 'whitelist':
      return items.map((e) => ({ uuid: str(e.uuid), name: str(e.name) }));
    case 'ops':
      return items.map((e) => ({ uuid: str(e.uuid), name: str(e.name), level: typeof e.level === 'number' ? e.level : 4, bypassesPlayerLimit: e.bypassesPlayerLimit === true }));
    case 'bans':
      return items.map((e) => ({
        uuid: str(e.uuid),
        name: str(e.name),
        created: str(e.created),
        source: str(e.source, '(Unknown)'),
        expires: str(e.expires, 'forever'),
        reason: str(e.reason, 'Banned by an operator.'),
      }));
    case 'ipBans':
      return items.map((e) => ({ ip: str(e.ip), created: str(e.created), source: str(e.source, '(Unknown)'), expires: str(e.expires, 'forever'), reason: str(e.reason, 'Banned by an operator.') }));
  }
}

/** One list from its file; a missing file is an empty list (as vanilla treats it). */
export async function readList<K extends keyof PlayerLists>(files: ListFiles, key: K): Promise<PlayerLists[K]> {
  let text: string;
  try {
    text = (await files.readFile(listFiles[key])).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [] as unknown as PlayerLists[K];
    throw error;
  }
  if (!text.trim()) return [] as unknown as PlayerLists[K];
  return normalise(key, JSON.parse(text)) as PlayerLists[K];
}

export async function readLists(files: ListFiles): Promise<PlayerLists> {
  const [whitelist, ops, bans, ipBans] = await Promise.all([readList(files, 'whitelist'), readList(files, 'ops'), readList(files, 'bans'), readList(files, 'ipBans')]);
  return { whitelist, ops, bans, ipBans };
}

/** The text vanilla writes for a list (Gson pretty printing: two spaces, no final line break). */
export function formatList(entries: readonly object[]): string {
  return JSON.stringify(entries, null, 2);
}

/** Writes one list atomically (the file port replaces the file whole: readers see old or new). */
export async function writeList<K extends keyof PlayerLists>(files: ListFiles, key: K, entries: PlayerLists[K]): Promise<void> {
  await files.writeFile(listFiles[key], formatList(entries));
}
