import type { FastifyBaseLogger } from 'fastify';
import { RuntimeConflictError } from '../../types';
import { DiskImageError, DiskImages, type ResizeResult } from './DiskImages';
import { MountBusyError } from './imageFiles';

export interface ServerDisksOptions {
  dataDir: string;
  /** Give servers a disk image where the host allows it (PANEL_DISK_IMAGES, default true). */
  enabled: boolean;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/**
 * The local driver's side of the disk quota: each server's disk image (see DiskImages) where the
 * host can make them, and what to do when one cannot be made. A change the files do not fit
 * (a smaller plan) refuses the start with its reason; anything else (a failed copy of an old
 * server's folder) leaves that server on the panel's polled quota, says so in its console and
 * the log, and is tried again at its next start.
 */
export class ServerDisks {
  private images: DiskImages | null = null;
  /** Servers whose image could not be made or mounted: their quota is the panel's poll. */
  private readonly unprotected = new Set<string>();

  constructor(private readonly options: ServerDisksOptions) {}

  /** Looks at the host and mounts the images a reboot unmounted (before any game or request). */
  async open(): Promise<void> {
    if (this.images) return;
    const images = await DiskImages.detect({ dataDir: this.options.dataDir, enabled: this.options.enabled });
    this.images = images;
    if (!images.active) this.options.log?.warn({ problem: images.problem }, 'disk quotas are checked by the panel every few seconds, not held by the kernel');
    else this.options.log?.info('each game server with a disk limit gets a file system of its own (loop-mounted ext4 image): the kernel holds its quota');
    await images.remountAll((uuid, error) => {
      this.unprotected.add(uuid);
      this.options.log?.warn({ err: error, server: uuid }, "a server's disk image could not be mounted");
    });
  }

  /** Why the kernel does not hold quotas on this host (null: it does). */
  get problem(): string | null {
    return this.images ? this.images.problem : 'the panel has not looked yet.';
  }

  /** Whether the kernel holds (or, at its next start, will hold) this server's disk quota. */
  kernelQuota(uuid: string): boolean {
    return this.images?.active === true && !this.unprotected.has(uuid);
  }

  /**
   * Before a stopped server is created, installed or started: its image made, migrated, mounted
   * and sized to `diskMb`. `notice` writes to the server's console.
   */
  async prepare(uuid: string, diskMb: number, notice: (line: string) => Promise<void>): Promise<void> {
    if (!this.images) return;
    try {
      if (await this.images.prepare(uuid, diskMb)) this.unprotected.delete(uuid);
    } catch (error) {
      if (error instanceof DiskImageError) throw new RuntimeConflictError(error.message);
      if (error instanceof MountBusyError) throw new RuntimeConflictError("The server's disk is still in use after its last run: try again in a few seconds.");
      this.unprotected.add(uuid);
      this.options.log?.warn({ err: error, server: uuid }, "a server's disk image could not be made; the panel checks its disk use instead");
      // The reason goes to the log only: the tools' messages name folders of the host.
      const reason = /do not fit/.test((error as Error).message) ? ` (${(error as Error).message.replace(/\.$/, '')})` : '';
      await notice(`The server's disk could not be given a file system of its own${reason}; the panel checks its disk use every few seconds instead.`).catch(() => undefined);
    }
  }

  /** A new plan size: grown at once; shrunk at once only while stopped (else at its next start). */
  async resize(uuid: string, diskMb: number, running: boolean): Promise<ResizeResult> {
    if (!this.images) return 'no-image';
    try {
      return await this.images.resize(uuid, diskMb, running);
    } catch (error) {
      if (error instanceof DiskImageError) throw new RuntimeConflictError(error.message);
      throw error;
    }
  }

  /** Unmounts and removes the server's image (the folder is removed by the caller). */
  async remove(uuid: string): Promise<void> {
    this.unprotected.delete(uuid);
    await this.images?.remove(uuid);
  }
}
