import type Docker from 'dockerode';
import { MANAGED_LABEL, SERVER_LABEL, volumeName } from '../containerConfig';
import { isInUse, isMissing } from '../engineErrors';
import { NodeDisks, type DiskFit } from './NodeDisks';

/** A server's disk as the panel last saw it: bytes in use, and (on its own file system) bytes the game may still write. */
export interface VolumeFigures {
  usedBytes: number;
  /** Null where the engine measured the volume by walking it (no file system of its own). */
  availableBytes: number | null;
}

export interface ServerVolumesOptions {
  /** Give each server with a disk limit a file system of its own on the node (default true). */
  diskImages: boolean;
  /** How old a disk figure may be. */
  maxAgeMs: number;
}

/**
 * The servers' storage on a node: each server's named volume `volumeName(uuid)`, which everything
 * that reaches the server's files mounts. With disk images (the default) the volume binds a
 * folder inside the server's own file system on the node (NodeDisks), so the node's kernel holds
 * the plan's disk quota for the game and for every helper alike; a volume from before, or one
 * made with images turned off, is a plain volume whose use the engine measures.
 */
export class ServerVolumes {
  readonly images: NodeDisks | null;
  /** Servers on a plain volume: no quota of the kernel, the engine's walk measures them. */
  private readonly plain = new Set<string>();
  /**
   * Servers whose image this panel mounted and fitted since the engine last (re)started, with
   * the size it was fitted to: their starts need no helper run. A node's reboot restarts the
   * engine, whose event stream then ends (forgetMounts); a mount lost otherwise makes the
   * container's start fail (lostMount), and the start checks again.
   */
  private readonly ready = new Map<string, number>();
  private figures = new Map<string, VolumeFigures>();
  private measuredAt = 0;
  private measuring: Promise<void> | null = null;

  constructor(
    private readonly docker: Docker,
    private readonly options: ServerVolumesOptions,
  ) {
    this.images = options.diskImages ? new NodeDisks(docker) : null;
  }

  async open(): Promise<void> {
    await this.images?.open();
  }

  /**
   * Makes sure the server's volume can be mounted, before each install and start: a new server
   * gets its image (with a quota) and a volume bound to it; an existing image is mounted again
   * (after the node rebooted) and fitted to `diskMb` (null: mounted only, its size kept; a server
   * without a volume gets none then). Answers the fit and the figures (null for a plain volume).
   */
  async ensure(uuid: string, diskMb: number | null, fresh = false): Promise<{ fit: DiskFit | null; figures: VolumeFigures | null }> {
    const known = this.ready.get(uuid);
    if (!fresh && known !== undefined && (diskMb === null || diskMb === known)) return { fit: diskMb === null ? null : 'ok', figures: this.figures.get(uuid) ?? null };
    const existing = await this.docker
      .getVolume(volumeName(uuid))
      .inspect()
      .catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
    const images = this.images;
    const bound = images !== null && existing?.Options?.device === images.dataFolder(uuid);
    if (!existing && diskMb === null) return { fit: null, figures: null };
    if (!images || (existing && !bound) || (!existing && (diskMb ?? 0) <= 0)) {
      if (!existing) await this.createVolume(uuid);
      this.plain.add(uuid);
      return { fit: null, figures: null };
    }
    const { fit, usage } = await images.ensure(uuid, diskMb ?? 0);
    if (!existing) await this.createVolume(uuid, { type: 'none', o: 'bind', device: images.dataFolder(uuid) });
    this.plain.delete(uuid);
    if (usage) this.figures.set(uuid, usage);
    if (diskMb !== null && fit !== 'deferred') this.ready.set(uuid, diskMb);
    else if (diskMb !== null) this.ready.delete(uuid);
    return { fit, figures: usage };
  }

  /** The engine restarted (the node may have rebooted and lost its mounts): every image is checked at its next use. */
  forgetMounts(): void {
    this.ready.clear();
  }

  /** Whether an engine error says the server's file system is not mounted on the node (its volume's folder is missing). */
  lostMount(uuid: string, error: unknown): boolean {
    if (!this.images || !(error instanceof Error) || !error.message.includes(this.images.dataFolder(uuid))) return false;
    this.ready.delete(uuid);
    return true;
  }

  private async createVolume(uuid: string, options?: Record<string, string>): Promise<void> {
    await this.docker.createVolume({
      Name: volumeName(uuid),
      Driver: 'local',
      ...(options ? { DriverOpts: options } : {}),
      Labels: { [MANAGED_LABEL]: 'true', [SERVER_LABEL]: uuid },
    });
  }

  /** A new plan size for a server whose file system is mounted (it may run): null without one. */
  async fit(uuid: string, diskMb: number): Promise<DiskFit | null> {
    if (!this.images || this.plain.has(uuid) || diskMb <= 0) return null;
    const { fit, usage } = await this.images.fit(uuid, diskMb);
    if (usage) this.figures.set(uuid, usage);
    if (fit === 'ok') this.ready.set(uuid, diskMb);
    else this.ready.delete(uuid);
    return fit;
  }

  /** Removes the server's volume, then its image (the server's containers are gone already). */
  async remove(uuid: string): Promise<void> {
    // A container the engine is still removing (an auto-removed helper) holds the volume for a
    // moment after its removal was asked: the engine answers 409 "in use" until it is gone.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.docker.getVolume(volumeName(uuid)).remove({ force: true });
        break;
      } catch (error) {
        if (isMissing(error)) break;
        if (!isInUse(error) || attempt >= 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    this.plain.delete(uuid);
    this.figures.delete(uuid);
    this.ready.delete(uuid);
    await this.images?.remove(uuid);
  }

  /** Whether the node's kernel holds (or, from its next start, will hold) the server's quota. */
  kernelQuota(uuid: string): boolean {
    return this.images !== null && !this.plain.has(uuid);
  }

  /** The last figures of a server, without waiting (a measurement starts when they are old). */
  cached(uuid: string): VolumeFigures | null {
    void this.measure();
    return this.figures.get(uuid) ?? null;
  }

  /**
   * Measures every server of the node at most every maxAgeMs: one helper run reads the file
   * systems of the images (statfs: exact and cheap), and the engine walks the plain volumes
   * (`docker system df`), only when there are any.
   */
  measure(): Promise<void> {
    if (Date.now() - this.measuredAt < this.options.maxAgeMs) return Promise.resolve();
    this.measuring ??= (async () => {
      try {
        const figures = new Map<string, VolumeFigures>();
        if (this.images) for (const [uuid, usage] of await this.images.usage()) figures.set(uuid, usage);
        if (!this.images || this.plain.size > 0) for (const [uuid, bytes] of await this.walkPlainVolumes()) if (!figures.has(uuid)) figures.set(uuid, { usedBytes: bytes, availableBytes: null });
        this.figures = figures;
        this.measuredAt = Date.now();
      } catch {
        // The engine measures one disk usage at a time (another panel or `docker system df` may be
        // at it), and a helper may fail on a busy node: the last figures stay, the next call asks again.
      } finally {
        this.measuring = null;
      }
    })();
    return this.measuring;
  }

  private async walkPlainVolumes(): Promise<Map<string, number>> {
    const usage = (await this.docker.df()) as { Volumes?: { Labels?: Record<string, string> | null; UsageData?: { Size?: number } }[] };
    const sizes = new Map<string, number>();
    for (const volume of usage.Volumes ?? []) {
      const uuid = volume.Labels?.[SERVER_LABEL];
      if (uuid) sizes.set(uuid, Math.max(0, volume.UsageData?.Size ?? 0));
    }
    return sizes;
  }
}
