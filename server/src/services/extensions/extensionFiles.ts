import { createHash } from 'node:crypto';
import type { ServerFiles } from '../../runtime/files/ServerFiles';

/** A plugin or mod file as plugins/ and mods/ hold them (`.disabled` ones are installed but off). */
export const EXTENSION_FILE = /^[^/\\\0]+\.(jar|zip)(\.disabled)?$/;

/** One file of plugins/ or mods/ with the hashes the catalogues recognise it by. */
export interface ScannedExtension {
  file: string;
  enabled: boolean;
  size: number;
  sha512: string;
  sha1: string;
}

// Keyed by server, name, size and modification time; dropped whole when it grows large.
const hashCache = new Map<string, { sha512: string; sha1: string }>();

async function hashFile(serverUuid: string, files: ServerFiles, path: string, size: number, mtime: number) {
  const key = `${serverUuid}/${path}/${size}/${mtime}`;
  const cached = hashCache.get(key);
  if (cached) return cached;
  const { stream } = await files.readStream(path);
  const sha512 = createHash('sha512');
  const sha1 = createHash('sha1');
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    sha512.update(chunk);
    sha1.update(chunk);
  }
  const out = { sha512: sha512.digest('hex'), sha1: sha1.digest('hex') };
  if (hashCache.size > 10_000) hashCache.clear();
  hashCache.set(key, out);
  return out;
}

/** Every plugin or mod file in `folder` (none when the folder is missing), by name, with its hashes. */
export async function scanExtensionFiles(serverUuid: string, files: ServerFiles, folder: string): Promise<ScannedExtension[]> {
  let names: string[];
  try {
    names = (await files.list(folder)).filter((e) => e.kind === 'file' && EXTENSION_FILE.test(e.name)).map((e) => e.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const out: ScannedExtension[] = [];
  for (const name of names.sort((a, b) => a.localeCompare(b))) {
    const info = await files.stat(`${folder}/${name}`);
    if (!info) continue;
    const { sha512, sha1 } = await hashFile(serverUuid, files, `${folder}/${name}`, info.size, info.mtimeMs);
    out.push({ file: name, enabled: !name.endsWith('.disabled'), size: info.size, sha512, sha1 });
  }
  return out;
}
