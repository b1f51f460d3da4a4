import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { ConfinedDir } from '../confined/ConfinedDir';
import { RootedFileSystem } from '../RootedFileSystem';
import { removeTree } from '../confined/removeTree';
import { isStagingLeftover } from '../files/stagingNames';

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
