import { open } from 'node:fs/promises';
import { ArchiveChecker, entrySegments } from '../files/archives/ArchiveChecker';
import { readZipEntry, scanZip } from '../files/archives/zipArchive';
import { ArchiveRejectedError } from '../files/fileErrors';
import type { FileLimits } from '../files/fileLimits';
import { ValidationError } from '../../lib/errors';

/** The hosts the .mrpack format lets a pack download its files from (modrinth.com/docs: "Modpacks"). */
export const MRPACK_HOSTS = ['cdn.modrinth.com', 'github.com', 'raw.githubusercontent.com', 'gitlab.com'];

const INDEX_NAME = 'modrinth.index.json';
const MAX_INDEX_BYTES = 8 * 1024 * 1024;
const MAX_FILES = 10_000;

/** One file of a pack's index, checked. */
export interface MrpackFile {
  /** Where it goes in the server's folder, as the index names it (relative, checked). */
  path: string;
  segments: string[];
  sha1: string;
  sha512: string;
  /** Addresses to fetch it from, in order (mirrors), each on an allowed host. */
  downloads: string[];
  size: number;
}

/** What the index of an .mrpack says, checked, with the files meant for a server only. */
export interface MrpackIndex {
  name: string;
  versionId: string;
  summary: string | null;
  minecraft: string;
  /** The loader and its version, or null for vanilla Minecraft. */
  loader: { id: 'fabric' | 'forge' | 'neoforge' | 'quilt'; version: string } | null;
  /** Files for the server (env.server not "unsupported"). */
  files: MrpackFile[];
  /** Files of the index left out because the server does not use them. */
  clientOnly: number;
  /** Entries under overrides/ and server-overrides/ (checked like the file manager's extractions), and their bytes. */
  overrides: number;
  overrideBytes: number;
  totalBytes: number;
}

/** Limits of an install: the largest file, the whole pack, and how many downloads run at once. */
export interface ModpackLimits {
  maxFileBytes: number;
  maxPackBytes: number;
  parallelDownloads: number;
}

const MiB = 1024 * 1024;
export const defaultModpackLimits: ModpackLimits = { maxFileBytes: 256 * MiB, maxPackBytes: 4096 * MiB, parallelDownloads: 6 };

/** An .mrpack refused before anything is written (answered 422 on `pack`). */
export class ModpackRefusedError extends ValidationError {
  constructor(reason: string) {
    super({ pack: [`The modpack was refused: ${reason}`] }, `The modpack was refused: ${reason}`);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const HEX = (length: number) => new RegExp(`^[0-9a-f]{${length}}$`, 'i');

/**
 * Checks where a file may come from: https on one of the hosts the format allows. `localHosts`
 * (the local catalogue of tests and the offline demo) adds its own host, over http too.
 */
export function checkDownloadUrl(url: string, localHosts: string[] = []): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ModpackRefusedError(`"${url}" is not a valid download address.`);
  }
  const host = parsed.host.toLowerCase();
  if (localHosts.includes(host) && ['http:', 'https:'].includes(parsed.protocol)) return;
  if (parsed.protocol !== 'https:' || !MRPACK_HOSTS.includes(host) || parsed.username || parsed.password) {
    throw new ModpackRefusedError(`a file is to be downloaded from ${parsed.protocol}//${parsed.host}, which modpacks may not use (only ${MRPACK_HOSTS.join(', ')}).`);
  }
}

/** A path of the index, checked like an archive entry of the file manager (no `..`, not absolute, no NUL). */
function checkPath(path: string): string[] {
  let segments: string[];
  try {
    segments = entrySegments(path);
  } catch (error) {
    throw new ModpackRefusedError((error as Error).message.replace(/^The archive cannot be extracted: /, '').replace('the entry', 'the file'));
  }
  if (segments.length === 0) throw new ModpackRefusedError(`the file "${path}" has no name.`);
  return segments;
}

/** Checks the parsed index (formatVersion 1, game minecraft) and keeps the files meant for servers. */
export function checkIndex(raw: unknown, limits: ModpackLimits, localHosts: string[] = []): Omit<MrpackIndex, 'overrides' | 'overrideBytes'> {
  if (!isRecord(raw)) throw new ModpackRefusedError(`${INDEX_NAME} is not an object.`);
  if (raw.formatVersion !== 1) throw new ModpackRefusedError(`formatVersion ${String(raw.formatVersion)} is not supported (only 1).`);
  if (raw.game !== 'minecraft') throw new ModpackRefusedError(`it is for the game "${String(raw.game)}", not Minecraft.`);
  if (typeof raw.name !== 'string' || !raw.name.trim()) throw new ModpackRefusedError('it has no name.');
  if (typeof raw.versionId !== 'string' || !raw.versionId.trim()) throw new ModpackRefusedError('it has no versionId.');
  const deps = isRecord(raw.dependencies) ? raw.dependencies : {};
  const minecraft = deps.minecraft;
  if (typeof minecraft !== 'string' || !/^[\w.\-+]{1,64}$/.test(minecraft)) throw new ModpackRefusedError('it names no Minecraft version.');
  const loaders = (['fabric-loader', 'forge', 'neoforge', 'quilt-loader'] as const).filter((k) => deps[k] !== undefined);
  if (loaders.length > 1) throw new ModpackRefusedError(`it names more than one loader (${loaders.join(', ')}).`);
  let loader: MrpackIndex['loader'] = null;
  if (loaders.length === 1) {
    const version = deps[loaders[0]];
    if (typeof version !== 'string' || !/^[\w.\-+]{1,64}$/.test(version)) throw new ModpackRefusedError(`the ${loaders[0]} version is not valid.`);
    loader = { id: ({ 'fabric-loader': 'fabric', forge: 'forge', neoforge: 'neoforge', 'quilt-loader': 'quilt' } as const)[loaders[0]], version };
  }
  if (!Array.isArray(raw.files)) throw new ModpackRefusedError('its file list is missing.');
  if (raw.files.length > MAX_FILES) throw new ModpackRefusedError(`it lists more than ${MAX_FILES} files.`);
  const files: MrpackFile[] = [];
  const seen = new Set<string>();
  let clientOnly = 0;
  let totalBytes = 0;
  for (const item of raw.files as unknown[]) {
    if (!isRecord(item) || typeof item.path !== 'string') throw new ModpackRefusedError('a file of its list has no path.');
    const segments = checkPath(item.path);
    const hashes = isRecord(item.hashes) ? item.hashes : {};
    if (typeof hashes.sha1 !== 'string' || !HEX(40).test(hashes.sha1) || typeof hashes.sha512 !== 'string' || !HEX(128).test(hashes.sha512)) {
      throw new ModpackRefusedError(`the file "${item.path}" has no valid SHA-1 and SHA-512 hashes.`);
    }
    if (!Array.isArray(item.downloads) || item.downloads.length === 0 || !item.downloads.every((d) => typeof d === 'string')) {
      throw new ModpackRefusedError(`the file "${item.path}" has no download address.`);
    }
    for (const url of item.downloads as string[]) checkDownloadUrl(url, localHosts);
    const size = item.fileSize;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) throw new ModpackRefusedError(`the file "${item.path}" has no valid size.`);
    if (size > limits.maxFileBytes) throw new ModpackRefusedError(`the file "${item.path}" is ${size} bytes, more than the ${limits.maxFileBytes} bytes allowed.`);
    const env = isRecord(item.env) ? item.env : {};
    if (env.server === 'unsupported') {
      clientOnly += 1;
      continue;
    }
    const key = segments.join('/');
    if (seen.has(key)) throw new ModpackRefusedError(`the file "${item.path}" is listed twice.`);
    seen.add(key);
    totalBytes += size;
    if (totalBytes > limits.maxPackBytes) throw new ModpackRefusedError(`its files are larger than the ${limits.maxPackBytes} bytes allowed.`);
    files.push({ path: key, segments, sha1: hashes.sha1.toLowerCase(), sha512: hashes.sha512.toLowerCase(), downloads: item.downloads as string[], size });
  }
  return {
    name: raw.name.trim().slice(0, 191),
    versionId: raw.versionId.trim().slice(0, 64),
    summary: typeof raw.summary === 'string' ? raw.summary.slice(0, 500) : null,
    minecraft,
    loader,
    files,
    clientOnly,
    totalBytes,
  };
}

/**
 * Reads and checks an .mrpack before anything is written: every zip entry through the file
 * manager's archive checks (names without `..` or absolute parts, no links, entry count and
 * size limits), then the index (see checkIndex). Throws ModpackRefusedError (422).
 */
export async function readMrpack(file: string, limits: ModpackLimits, fileLimits: Pick<FileLimits, 'extractEntries' | 'extractBytes'>, localHosts: string[] = []): Promise<MrpackIndex> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(4);
    await handle.read(header, 0, 4, 0);
    if (header[0] !== 0x50 || header[1] !== 0x4b) throw new ModpackRefusedError('it is not a zip archive.');
    const checker = new ArchiveChecker(fileLimits, { freeBytes: Number.POSITIVE_INFINITY, limitBytes: Number.POSITIVE_INFINITY });
    let overrides = 0;
    let overrideBytes = 0;
    const counting = {
      check: (entry: Parameters<ArchiveChecker['check']>[0]) => {
        const segments = checker.check(entry);
        if (['overrides', 'server-overrides'].includes(segments[0]) && entry.kind === 'file') {
          overrides += 1;
          overrideBytes += entry.size;
        }
        return segments;
      },
    } as unknown as ArchiveChecker;
    let content: Buffer | null;
    try {
      await scanZip(handle.fd, counting, fileLimits.extractEntries);
      content = await readZipEntry(handle.fd, INDEX_NAME, MAX_INDEX_BYTES);
    } catch (error) {
      if (error instanceof ArchiveRejectedError) throw new ModpackRefusedError(error.message.replace(/^The archive cannot be extracted: /, ''));
      if (error instanceof ModpackRefusedError) throw error;
      throw new ModpackRefusedError(`it is not a valid zip archive (${(error as Error).message}).`);
    }
    if (content === null) throw new ModpackRefusedError(`it has no ${INDEX_NAME}.`);
    const text = content.toString('utf8');
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ModpackRefusedError(`${INDEX_NAME} is not valid JSON.`);
    }
    return { ...checkIndex(raw, limits, localHosts), overrides, overrideBytes };
  } finally {
    await handle.close();
  }
}
