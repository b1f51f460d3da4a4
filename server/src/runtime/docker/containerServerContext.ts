import type Docker from 'dockerode';
import type { CrashInfo, PowerState, ServerSpec, ServerStats } from '../types';
import type { ContainerPlacement } from './containerConfig';
import type { DiskFit } from './disk/NodeDisks';
import type { VolumeFigures } from './disk/ServerVolumes';

/** What a ContainerServer needs from its driver: the engine, its node's disks and the events it reports. */
export interface ContainerServerContext {
  docker: Docker;
  placement: ContainerPlacement;
  ringSize: number;
  /** The image a spec runs in (the template's, or the driver's default). */
  imageOf(spec: ServerSpec): string;
  /** Makes the server's volume (and file system) when it has none, mounts it and fits it to the plan's disk. */
  ensureVolume(spec: ServerSpec, fresh?: boolean): Promise<{ fit: DiskFit | null; figures: VolumeFigures | null }>;
  /** Whether a failed start says the server's file system was not mounted on the node (then it is checked again). */
  lostMount(error: unknown): boolean;
  /** A new disk size for the server's own file system, while it may run (null: it has none). */
  fitDisk(diskMb: number): Promise<DiskFit | null>;
  /** Writes the panel's keys and the egg's rewrites into the server's config files; answers what could not be rewritten. */
  prepareConfig(spec: ServerSpec): Promise<string[]>;
  /** The server's last known disk figures (null: not measured yet). */
  diskFigures(): VolumeFigures | null;
  events: {
    output(line: string): void;
    state(state: PowerState): void;
    crashed(info: CrashInfo): void;
    stats(stats: ServerStats): void;
  };
}
