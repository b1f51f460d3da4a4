import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { ConfinedDir } from '../../runtime/RootedFileSystem';
import { RootedFileSystem } from '../../runtime/RootedFileSystem';
import { removeTree } from '../../runtime/confined/removeTree';
import { EXTRACT_STAGING } from './archives/extractArchive';
import { UPLOAD_STAGING } from './receiveUpload';

/**
 * The hidden names the panel's own file effects work under before the result gets its real name:
 * upload and extraction staging folders, half-made copies, and the temporary file of a write or a
 * pull from a URL (`.` 12 hex digits `.tmp`), and an install's download. Only a crash (or a stop
 * mid-effect) leaves one behind; each is made with 12 random hex digits, so no game file matches.
 */
export const STAGING_LEFTOVERS: readonly RegExp[] = [UPLOAD_STAGING, EXTRACT_STAGING, /^\.copy-[0-9a-f]{12}$/, /^\.[0-9a-f]{12}\.tmp$/, /^\.download-[0-9a-f]{12}$/];

/** Whether `name` is one of the panel's staging names. */
export const isStagingLeftover = (name: string): boolean => STAGING_LEFTOVERS.some((pattern) => pattern.test(name));

/** Folders deeper than this are not looked into (a game's own deep trees hold no staging of ours). */
const MAX_DEPTH = 32;

/**
 * Removes the staging leftovers in `dir` and every folder below it, walked by descriptor and never
 * through a link, so nothing outside the server's folder is looked at or touched. Only what is
 * older than `before` goes (an effect started since is left alone). Answers how many went.
 */
async function sweepFolder(dir: ConfinedDir, before: number, depth: number): Promise<number> {
  let removed = 0;
  for (const entry of await dir.readdirTypes()) {
    if (isStagingLeftover(entry.name)) {
      const stats = await dir.lstatOrNull(entry.name);
      if (stats && stats.mtimeMs < before) {
        await removeTree(dir, entry.name);
        removed += 1;
      }
      continue;
    }
    if (!entry.isDirectory() || depth >= MAX_DEPTH) continue;
    const child = await dir.openDir(entry.name).catch(() => null);
    if (!child) continue;
    try {
      removed += await sweepFolder(child, before, depth + 1);
    } finally {
      await child.close();
    }
  }
  return removed;
}

/** Removes the staging leftovers in one server's folder (see sweepFolder). */
export async function removeStagingLeftovers(files: RootedFileSystem, before: Date = new Date()): Promise<number> {
  return files.inDir('', (root) => sweepFolder(root, before.getTime(), 0));
}

/**
 * At panel start: the staging leftovers of an upload, extraction, copy, write or pull that a crash
 * interrupted are removed from every server's folder under `serversDir`. A server whose folder
 * cannot be walked is reported through `onError` and the others are still cleaned.
 */
export async function removeAllStagingLeftovers(serversDir: string, onError: (uuid: string, error: Error) => void, before: Date = new Date()): Promise<number> {
  const entries = await fs.readdir(serversDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    try {
      removed += await removeStagingLeftovers(new RootedFileSystem(join(serversDir, entry.name)), before);
    } catch (error) {
      onError(entry.name, error as Error);
    }
  }
  return removed;
}
