import { existsSync, mkdirSync, promises as fs, readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { missingDiskTools } from './diskTools';
import { fileSystemUsage } from './fileSystemUsage';
import { canGrowOnline, checkImage, fitCapacity, imageAttached, makeImage, mountImage, MountBusyError, shrinkImage, unmount, unmountForOffline, type GrowWays } from './imageFiles';
import { migrateFolder, recoverMigration, type ImagePaths } from './imageMigration';
import { mountAt } from './mountTable';

const MiB = 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A disk change the panel refuses, with the reason (a shrink the files do not fit in). */
export class DiskImageError extends Error {}

/** What a resize did: at once, or left for the next start (a running server's disk cannot shrink). */
export type ResizeResult = 'resized' | 'unchanged' | 'deferred' | 'no-image';

/**
 * Each server's own file system: a sparse image file (`<data dir>/disk-images/<uuid>.img`, ext4)
 * loop-mounted at the server's folder, the size of its plan's disk. The kernel holds the quota: a
 * game writing as fast as it can gets ENOSPC at its plan's size, and every figure of the disk
 * comes from statfs instead of a walk. Needs root and loop devices; where they are missing
 * (`problem` says why) the panel's polled quota holds alone.
 *
 * Images are made when a server is created (or at its first start or the panel's start, for a
 * server from before: its folder is copied in, see imageMigration), mounted again when the panel
 * starts after a reboot, grown online when the plan grows, shrunk only while the server is
 * stopped and its files fit, and unmounted and removed with the server. Only servers whose plan
 * has a disk limit get one. Operations on one server run one after the other.
 */
export class DiskImages {
  private readonly queues = new Map<string, Promise<unknown>>();

  private constructor(
    private readonly serversDir: string,
    private readonly imagesDir: string,
    /** Why new servers get no image here (null: they do). */
    readonly problem: string | null,
    /**
     * Images can be mounted here. Also true with images turned off, when there are images from
     * before: they are still mounted, resized and removed, or their servers' files would vanish.
     */
    private readonly mountable: boolean,
    /** Whether a mounted file system can grow here (root may lack CAP_SYS_RESOURCE in a container). */
    private readonly growsOnline: boolean,
  ) {}

  /** Looks at this host once: root, loop devices, the tools, and a real image made and mounted. */
  static async detect(options: { dataDir: string; enabled: boolean }): Promise<DiskImages> {
    const dataDir = realpathSync(options.dataDir);
    const serversDir = join(dataDir, 'servers');
    const imagesDir = join(dataDir, 'disk-images');
    const { problem, mountable, growsOnline } = await probeHost(options.enabled, imagesDir);
    return new DiskImages(serversDir, imagesDir, problem, mountable, growsOnline);
  }

  /** Whether servers get images here. */
  get active(): boolean {
    return this.problem === null;
  }

  private paths(uuid: string): ImagePaths {
    if (!UUID.test(uuid)) throw new Error(`Not a server uuid: ${uuid}`);
    const base = join(this.imagesDir, uuid);
    return { folder: join(this.serversDir, uuid), image: `${base}.img`, part: `${base}.img.part`, staging: `${base}.staging`, old: `${base}.old` };
  }

  /** Runs `task` after the operations on the same server that came before it. */
  private serial<T>(uuid: string, task: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(uuid) ?? Promise.resolve()).catch(() => undefined).then(task);
    this.queues.set(uuid, run);
    void run.finally(() => this.queues.get(uuid) === run && this.queues.delete(uuid)).catch(() => undefined);
    return run;
  }

  /** Whether the server's image is mounted at its folder. */
  async mounted(uuid: string): Promise<boolean> {
    return this.mountable && (await mountAt(this.paths(uuid).folder)) !== null;
  }

  /**
   * At panel start, before any request or game: finishes or undoes migrations a crash
   * interrupted, and mounts every image that is not (after a reboot), checked first by e2fsck.
   * A server whose image cannot be mounted is reported through `onError` and its folder left
   * alone (empty: its starts find no files rather than writing beside the image).
   */
  async remountAll(onError: (uuid: string, error: Error) => void): Promise<void> {
    if (!this.mountable) return;
    const names = await fs.readdir(this.imagesDir).catch(() => [] as string[]);
    const uuids = new Set(names.map((name) => name.slice(0, 36)).filter((name) => UUID.test(name)));
    for (const uuid of uuids) {
      await this.serial(uuid, async () => {
        const paths = this.paths(uuid);
        await recoverMigration(paths);
        if (existsSync(paths.image) && !(await mountAt(paths.folder))) await this.mountExisting(paths);
      }).catch((error: Error) => onError(uuid, error));
    }
  }

  private async mountExisting(paths: ImagePaths): Promise<void> {
    await fs.mkdir(paths.folder, { recursive: true, mode: 0o700 });
    // Never over files: something written into the bare folder would be hidden under the image.
    const stray = await fs.readdir(paths.folder);
    if (stray.length > 0) throw new Error("files were written into the server's folder while its disk image was not mounted; an administrator has to move them into the image.");
    // Still held by the kernel (a sandbox's copy of the mount): mounted as it is, the same live
    // file system; e2fsck would write under it.
    if (!(await imageAttached(paths.image))) await checkImage(paths.image);
    await mountImage(paths.image, paths.folder);
  }

  /**
   * Makes sure a stopped server has its image, the size of `diskMb`, mounted at its folder: made
   * (an empty folder) or migrated (a folder with files), grown, or shrunk when its files fit.
   * Without a disk limit (0) nothing is made. Answers whether the server now has its image.
   */
  prepare(uuid: string, diskMb: number): Promise<boolean> {
    if (!this.mountable) return Promise.resolve(false);
    return this.serial(uuid, async () => {
      const paths = this.paths(uuid);
      const quota = diskMb * MiB;
      if (!existsSync(paths.image)) {
        if (quota <= 0 || !this.active) return false;
        const files = existsSync(paths.folder) ? await fs.readdir(paths.folder) : [];
        if (files.length > 0) await migrateFolder(paths, quota, this.ways(false));
        else await this.makeFresh(paths, quota);
        return true;
      }
      if (!(await mountAt(paths.folder))) await this.mountExisting(paths);
      if (quota > 0) await this.resizeStopped(paths, quota);
      return true;
    });
  }

  private async makeFresh(paths: ImagePaths, quota: number): Promise<void> {
    await makeImage(paths.part, quota);
    await fs.mkdir(paths.folder, { recursive: true, mode: 0o700 });
    await fs.rename(paths.part, paths.image);
    await mountImage(paths.image, paths.folder);
    await fs.rmdir(join(paths.folder, 'lost+found')).catch(() => undefined);
    await fs.chmod(paths.folder, 0o700);
    await fitCapacity(paths.image, paths.folder, quota, this.ways(false));
  }

  /** Grows online, or shrinks offline (unmount, resize2fs, mount) when the files fit. */
  private async resizeStopped(paths: ImagePaths, quota: number): Promise<void> {
    const usage = await fileSystemUsage(paths.folder);
    if (usage.capacityBytes > quota + Math.max(16 * MiB, quota / 20)) {
      if (usage.usedBytes > quota) {
        throw new DiskImageError(`The server's files take ${Math.ceil(usage.usedBytes / MiB)} MiB, more than its plan's ${quota / MiB} MiB: remove files first.`);
      }
      await unmountForOffline(paths.image, paths.folder);
      try {
        await shrinkImage(paths.image, quota);
      } finally {
        await mountImage(paths.image, paths.folder);
      }
    }
    await fitCapacity(paths.image, paths.folder, quota, this.ways(false));
  }

  /** How the server's file system may grow now: online where the host allows, offline only while it is stopped. */
  private ways(running: boolean): GrowWays {
    return { online: this.growsOnline, offline: !running };
  }

  /**
   * A new plan size: grown at once (online, the game may run); a smaller one only while the
   * server is stopped (`running` false) and its files fit, else at its next start (`prepare`).
   */
  resize(uuid: string, diskMb: number, running: boolean): Promise<ResizeResult> {
    if (!this.mountable || diskMb <= 0) return Promise.resolve('no-image');
    return this.serial(uuid, async () => {
      const paths = this.paths(uuid);
      if (!existsSync(paths.image) || !(await mountAt(paths.folder))) return 'no-image';
      const quota = diskMb * MiB;
      const before = (await fileSystemUsage(paths.folder)).capacityBytes;
      try {
        if (quota >= before) {
          if (!(await fitCapacity(paths.image, paths.folder, quota, this.ways(running)))) return 'deferred';
        } else if (running) return 'deferred';
        else await this.resizeStopped(paths, quota);
      } catch (error) {
        // Still in use (a file open in it): left as it was, and sized at the server's next start.
        if (error instanceof MountBusyError) return 'deferred';
        throw error;
      }
      return (await fileSystemUsage(paths.folder)).capacityBytes === before ? 'unchanged' : 'resized';
    });
  }

  /** Unmounts and removes the server's image (its loop device goes with the mount); its folder is the caller's. */
  remove(uuid: string): Promise<void> {
    if (!this.mountable) return Promise.resolve();
    return this.serial(uuid, async () => {
      const paths = this.paths(uuid);
      await recoverMigration(paths);
      // The image goes: a file still open in it may keep it alive in the kernel until it closes.
      await unmount(paths.folder, { lazy: true });
      await fs.rm(paths.image, { force: true });
    });
  }
}

/**
 * Why new servers get no image on this host (null: one was made, mounted and removed), whether
 * images can be mounted, and whether a mounted one can grow. Turned off with no image from
 * before, the host is not even looked at.
 */
async function probeHost(enabled: boolean, imagesDir: string): Promise<{ problem: string | null; mountable: boolean; growsOnline: boolean }> {
  const refuse = (problem: string) => ({ problem, mountable: false, growsOnline: false });
  const off = 'disk images are turned off (PANEL_DISK_IMAGES=false).';
  const imagesFromBefore = existsSync(imagesDir) && readdirSync(imagesDir).some((name) => name.endsWith('.img'));
  if (!enabled && !imagesFromBefore) return refuse(off);
  if (process.getuid?.() !== 0) return refuse('the panel does not run as root (mounting a disk image needs root).');
  if (!existsSync('/dev/loop-control')) return refuse('this host has no loop devices (/dev/loop-control).');
  const missing = missingDiskTools();
  if (missing.length > 0) return refuse(`missing programs: ${missing.join(', ')} (Debian packages e2fsprogs, mount).`);
  mkdirSync(imagesDir, { recursive: true, mode: 0o700 });
  const probe = join(imagesDir, `probe-${process.pid}`);
  try {
    await makeImage(`${probe}.img`, 8 * MiB);
    await fs.mkdir(`${probe}.mnt`, { recursive: true });
    await mountImage(`${probe}.img`, `${probe}.mnt`);
    const growsOnline = await canGrowOnline(`${probe}.img`, `${probe}.mnt`);
    await unmount(`${probe}.mnt`);
    return { problem: enabled ? null : off, mountable: true, growsOnline };
  } catch (error) {
    return refuse(`a disk image cannot be mounted here: ${(error as Error).message}`);
  } finally {
    await unmount(`${probe}.mnt`).catch(() => undefined);
    await fs.rmdir(`${probe}.mnt`).catch(() => undefined);
    await fs.rm(`${probe}.img`, { force: true }).catch(() => undefined);
  }
}
