import { execFile } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import { checkImage, fitCapacity, makeImage, mountImage, unmount, type GrowWays } from './imageFiles';
import { mountAt } from './mountTable';

/** Where the pieces of one server's image are: the image, a migration's copy and the old folder. */
export interface ImagePaths {
  /** The server's folder (the mount point). */
  folder: string;
  /** The finished image. */
  image: string;
  /** An image being filled by a migration (incomplete until renamed to `image`). */
  part: string;
  /** Where a migration mounts `part` while copying into it. */
  staging: string;
  /** The server's folder as it was before the migration, kept until the image holds it all. */
  old: string;
}

/** Copies everything in `from` into `to` as it is (owners, modes, times, links, hard links). */
function copyTree(from: string, to: string, onlyNewer: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    // `from/.` copies the folder's contents and its own owner and mode; -u then skips what is
    // already there unchanged (the catch-up after the swap).
    const args = ['-a', '--reflink=never', ...(onlyNewer ? ['-u'] : []), '--', `${from}/.`, `${to}/`];
    execFile('/usr/bin/cp', args, { env: { PATH: '/usr/bin:/bin', LC_ALL: 'C' }, maxBuffer: 4 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      const full = /No space left on device/.test(stderr);
      reject(new Error(full ? "the server's files do not fit in its plan's disk space." : `copying the server's files failed: ${stderr.trim().split('\n').slice(-2).join(' ')}`));
    });
  });
}

/**
 * Moves an existing server folder onto a new image without ever losing a file:
 * 1. a new image (`part`) is made and mounted at `staging`, the folder copied into it, unmounted;
 * 2. the folder is renamed to `old` (one atomic step), then `part` to `image` (the image is
 *    complete from this moment);
 * 3. an empty folder is made, the image mounted on it, and whatever changed in `old` during the
 *    copy (a file written by the panel meanwhile) copied over again;
 * 4. `old` is removed.
 * A crash anywhere is finished or undone by `recoverMigration` at the next panel start. A copy
 * that fails (the files are more than the quota) removes the new image and leaves the folder as
 * it was.
 */
export async function migrateFolder(paths: ImagePaths, quotaBytes: number, ways: GrowWays): Promise<void> {
  await makeImage(paths.part, quotaBytes);
  await fs.mkdir(paths.staging, { recursive: true, mode: 0o700 });
  try {
    await mountImage(paths.part, paths.staging);
    await fitCapacity(paths.part, paths.staging, quotaBytes, ways);
    await fs.rmdir(`${paths.staging}/lost+found`).catch(() => undefined);
    await copyTree(paths.folder, paths.staging, false);
    await unmount(paths.staging);
  } catch (error) {
    await unmount(paths.staging).catch(() => undefined);
    await fs.rm(paths.part, { force: true });
    throw error;
  } finally {
    await fs.rmdir(paths.staging).catch(() => undefined);
  }
  await fs.rename(paths.folder, paths.old);
  await fs.rename(paths.part, paths.image);
  await finishSwap(paths);
}

/** Step 3 and 4 of a migration: mount the complete image on a fresh folder, catch up, remove the old folder. */
async function finishSwap(paths: ImagePaths): Promise<void> {
  await fs.mkdir(paths.folder, { recursive: true, mode: 0o700 });
  if (!(await mountAt(paths.folder))) {
    await checkImage(paths.image);
    await mountImage(paths.image, paths.folder);
  }
  await copyTree(paths.old, paths.folder, true);
  await fs.rm(paths.old, { recursive: true, force: true });
}

/**
 * Finishes or undoes a migration a crash interrupted. Before the image was complete (`part`
 * still there) the folder is authoritative: it is put back if it had been moved and the partial
 * image removed. After (`image` and `old` both there) the swap is finished.
 */
export async function recoverMigration(paths: ImagePaths): Promise<void> {
  await unmount(paths.staging).catch(() => undefined);
  await fs.rmdir(paths.staging).catch(() => undefined);
  if (existsSync(paths.part)) {
    if (existsSync(paths.old)) {
      await fs.rmdir(paths.folder).catch(() => undefined); // an empty folder made after the move
      await fs.rename(paths.old, paths.folder);
    }
    await fs.rm(paths.part, { force: true });
    return;
  }
  if (existsSync(paths.image) && existsSync(paths.old)) await finishSwap(paths);
}
