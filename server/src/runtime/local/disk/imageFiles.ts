import { promises as fs } from 'node:fs';
import { DISK_TOOLS, runDiskTool } from './diskTools';
import { fileSystemUsage } from './fileSystemUsage';
import { mountAt } from './mountTable';

const MiB = 1024 * 1024;
const BLOCK = 4096;
/** The smallest image made (ext4 needs room for its own structures). */
const MIN_IMAGE_BYTES = 8 * MiB;
/**
 * Mount options of a server's file system: no device files and no set-uid programs from a
 * customer's files; `discard` hands freed blocks back to the image file (it stays sparse, so the
 * host's disk holds what the server holds, not its high-water mark).
 */
const MOUNT_OPTIONS = 'loop,nodev,nosuid,discard';

const roundUp = (bytes: number, unit: number) => Math.ceil(bytes / unit) * unit;

/**
 * The journal of a file system for `quotaBytes`: none below 128 MiB (a tiny disk would lose a
 * large share to it; e2fsck repairs it before each mount after a crash), else 1/128 of the quota,
 * 4 to 64 MiB. It keeps a world consistent when the host loses power.
 */
function journalBytes(quotaBytes: number): number {
  if (quotaBytes < 128 * MiB) return 0;
  return roundUp(Math.min(64 * MiB, Math.max(4 * MiB, quotaBytes / 128)), MiB);
}

/**
 * The image's size for a quota: the quota plus what ext4 keeps for itself (the journal, inode
 * tables at one 256-byte inode per 16 KiB, and the clusters it holds back for delayed allocation,
 * 2 % up to 16 MiB). `fitCapacity` then tops it up to the byte once it is mounted.
 */
export function imageBytesFor(quotaBytes: number): number {
  const overhead = journalBytes(quotaBytes) + quotaBytes / 64 + Math.min(quotaBytes / 50, 16 * MiB) + MiB;
  return Math.max(MIN_IMAGE_BYTES, roundUp(quotaBytes + overhead, MiB));
}

/**
 * Makes a sparse image file holding an empty ext4 file system for `quotaBytes`, in a few
 * milliseconds whatever the size: nothing is zeroed (the file is sparse, so it reads as zeroes),
 * no space is reserved for root (the panel's own writes get no more room than the game's).
 */
export async function makeImage(path: string, quotaBytes: number): Promise<void> {
  await fs.rm(path, { force: true });
  const handle = await fs.open(path, 'wx', 0o600);
  try {
    await handle.truncate(imageBytesFor(quotaBytes));
  } finally {
    await handle.close();
  }
  const journal = journalBytes(quotaBytes);
  const args = ['-q', '-F', '-m', '0', '-b', String(BLOCK), '-i', '16384', '-I', '256'];
  args.push(...(journal > 0 ? ['-J', `size=${journal / MiB}`] : ['-O', '^has_journal']));
  args.push('-E', 'lazy_itable_init=1,lazy_journal_init=1,nodiscard,assume_storage_prezeroed=1', path);
  await runDiskTool(DISK_TOOLS.mkfs, args);
}

/** Checks (and repairs what it safely can) an unmounted image; refuses one with errors left. */
export async function checkImage(path: string, force = false): Promise<void> {
  // 0: clean, 1: errors fixed, 2: fixed (a reboot would be needed for a root file system).
  await runDiskTool(DISK_TOOLS.fsck, [force ? '-fp' : '-p', path], [0, 1, 2], 600_000);
}

/** Mounts the image at `mountPoint` (an existing folder) through a loop device detached again at unmount. */
export async function mountImage(path: string, mountPoint: string): Promise<void> {
  await runDiskTool(DISK_TOOLS.mount, ['-t', 'ext4', '-o', MOUNT_OPTIONS, path, mountPoint]);
}

/** A mount that stayed busy (a file still open in it): the image was left as it was. */
export class MountBusyError extends Error {}

/**
 * How long a busy mount is tried again (a walk of the panel's, a game's last process), and how
 * long an unmounted image may stay held by the kernel: a stopped game's sandbox keeps a copy of
 * the mount in its own mount namespace until its last process is gone.
 */
const BUSY_WAIT_MS = 250;
const BUSY_TRIES = 20;
const RELEASE_TRIES = 40;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Unmounts what is mounted at `mountPoint`; the loop device goes with it (mount set it to clear
 * itself). A busy mount is tried again for a few seconds, then refused with a MountBusyError:
 * a lazy unmount would leave the file system alive in the kernel, and a check or resize of its
 * image meanwhile (or its loop device taken again by the next mount) would corrupt it. Only an
 * image about to be removed may go lazily (`lazy`): gone from the folder now, released when the
 * last file closes.
 */
export async function unmount(mountPoint: string, { lazy = false }: { lazy?: boolean } = {}): Promise<void> {
  for (let attempt = 1; await mountAt(mountPoint); attempt++) {
    try {
      await runDiskTool(DISK_TOOLS.umount, [mountPoint]);
      return;
    } catch (error) {
      if (attempt < BUSY_TRIES) await pause(BUSY_WAIT_MS);
      else if (lazy) return void (await runDiskTool(DISK_TOOLS.umount, ['-l', mountPoint]));
      else throw new MountBusyError(`the server's file system is still in use: ${(error as Error).message}`);
    }
  }
}

/**
 * Whether a loop device still holds the image: its file system is alive in the kernel (mounted
 * here, or in a mount namespace of its own that a game's sandbox kept), and nothing may check or
 * resize the file under it.
 */
export async function imageAttached(path: string): Promise<boolean> {
  return (await runDiskTool(DISK_TOOLS.losetup, ['-j', path])).trim() !== '';
}

/**
 * Unmounts the image at `mountPoint` for work on the image file itself (e2fsck, resize2fs), and
 * waits until no loop device holds the file any more: only then is the kernel done with it.
 */
export async function unmountForOffline(path: string, mountPoint: string): Promise<void> {
  await unmount(mountPoint);
  for (let attempt = 1; await imageAttached(path); attempt++) {
    if (attempt < RELEASE_TRIES) {
      await pause(BUSY_WAIT_MS);
      continue;
    }
    // Nothing was changed: the server gets its files back where they were.
    await mountImage(path, mountPoint);
    throw new MountBusyError("the server's disk image is still attached to a loop device.");
  }
}

/** How a file system may be grown: online (needs CAP_SYS_RESOURCE, which some hosts withhold), offline (unmounted), or both. */
export interface GrowWays {
  online: boolean;
  offline: boolean;
}

/**
 * Grows the file system mounted at `mountPoint` until what a writer can fill reaches
 * `quotaBytes`: the image file is extended (sparse) and resize2fs run, online through the loop
 * device (the game may be writing) where the host allows it, else unmounted (the server is
 * stopped) after e2fsck. Each round measures what ext4 really gives (its overhead grows with the
 * size), so the capacity ends within a MiB or two above the quota. Never shrinks. Answers
 * false when it could not grow (no online resize while the server runs).
 */
export async function fitCapacity(path: string, mountPoint: string, quotaBytes: number, ways: GrowWays): Promise<boolean> {
  for (let round = 0; round < 4; round++) {
    const missing = quotaBytes - (await fileSystemUsage(mountPoint)).capacityBytes;
    if (missing <= 0) return true;
    const { size } = await fs.stat(path);
    // ext4's own share grows with the size (inode tables 1.6 %, held-back clusters 2 %): a little more than missing.
    const target = roundUp(size + missing + missing / 25 + MiB / 4, MiB);
    if (ways.online) {
      const mount = await mountAt(mountPoint);
      if (!mount?.source.startsWith('/dev/loop')) throw new Error(`no loop device is mounted at the server's folder (${mount?.source ?? 'nothing'}).`);
      await fs.truncate(path, target);
      await runDiskTool(DISK_TOOLS.losetup, ['-c', mount.source]);
      await runDiskTool(DISK_TOOLS.resize, [mount.source], [0], 600_000);
    } else if (ways.offline) {
      await unmountForOffline(path, mountPoint);
      try {
        await checkImage(path, true);
        await fs.truncate(path, target);
        await runDiskTool(DISK_TOOLS.resize, [path], [0], 600_000);
      } finally {
        await mountImage(path, mountPoint);
      }
    } else return false;
  }
  return (await fileSystemUsage(mountPoint)).capacityBytes >= quotaBytes;
}

/** Whether this host lets the panel grow a mounted ext4 file system (tried on a probe image mounted at `mountPoint`). */
export async function canGrowOnline(path: string, mountPoint: string): Promise<boolean> {
  const before = (await fileSystemUsage(mountPoint)).capacityBytes;
  try {
    await fitCapacity(path, mountPoint, before + 4 * MiB, { online: true, offline: false });
    return true;
  } catch {
    return false;
  }
}

/**
 * Shrinks an unmounted image to the size for `quotaBytes` (resize2fs moves the files down first,
 * and refuses when they do not fit); the caller mounts it and tops it up with `fitCapacity`.
 */
export async function shrinkImage(path: string, quotaBytes: number): Promise<void> {
  const target = imageBytesFor(quotaBytes);
  const { size } = await fs.stat(path);
  if (target >= size) return;
  await checkImage(path, true);
  await runDiskTool(DISK_TOOLS.resize, [path, `${target / 1024}K`], [0], 600_000);
  await fs.truncate(path, target);
}
