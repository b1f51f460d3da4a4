import { posix } from 'node:path';
import type Docker from 'dockerode';
import { DISK_HELPER_IMAGE } from '../images/gameImages';
import { runNodeHelper } from '../nodeHelper';
import { NODE_DISK_SCRIPT } from './nodeDiskScript';

const MiB = 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A server's file system as the game sees it: bytes in use, and bytes it may still write. */
export interface NodeDiskFigures {
  usedBytes: number;
  availableBytes: number;
}

/** Whether the file system holds the plan's quota now, or only from the server's next start. */
export type DiskFit = 'ok' | 'deferred';

/** A disk change the node refused, with its reason (files that do not fit a smaller plan). */
export class NodeDiskError extends Error {}

/**
 * What the helper may do: see the node's processes (it enters the mount namespace of its own
 * parent, the engine's container shim, which is the engine's), mount, and use loop devices (block
 * major 7, /dev/loop-control). No network, no other device; a read-only root of its own.
 */
const HELPER_HOST_CONFIG: Docker.HostConfig = {
  PidMode: 'host',
  NetworkMode: 'none',
  ReadonlyRootfs: true,
  CapDrop: ['ALL'],
  CapAdd: ['SYS_ADMIN', 'SYS_PTRACE', 'SYS_CHROOT', 'CHOWN', 'DAC_OVERRIDE', 'FOWNER'],
  DeviceCgroupRules: ['b 7:* rwm', 'c 10:237 rwm'],
  SecurityOpt: ['apparmor=unconfined', 'seccomp=unconfined'],
};

/** The helper's command: the script run by the node's own shell in the engine's mount namespace. */
const ENTER_NODE = 'exec /usr/bin/nsenter --target "$PPID" --mount -- /bin/sh -c "$0" panel-disk "$@"';

/**
 * The journal of a file system for `quotaBytes`, as for the local driver's images: none below
 * 128 MiB (e2fsck repairs a small one before each mount), else 1/128 of the quota, 4 to 64 MiB.
 */
function journalMb(quotaBytes: number): number {
  if (quotaBytes < 128 * MiB) return 0;
  return Math.ceil(Math.min(64 * MiB, Math.max(4 * MiB, quotaBytes / 128)) / MiB);
}

/**
 * The image's size for a quota: a file system of about 1.9 times the quota (ext4's reserve may
 * take at most half, so the plan can grow live to almost twice its size), plus its inode tables
 * (one 256-byte inode per 16 KiB) and journal. Sparse: the node's disk holds only what is written.
 */
export function nodeImageBytes(quotaBytes: number): number {
  const fileSystem = quotaBytes * 1.9 + journalMb(quotaBytes) * MiB + MiB;
  return Math.max(8 * MiB, Math.ceil((fileSystem * 64) / 63 / MiB) * MiB);
}

/**
 * The servers' disk images on one node, each the quota of one server held by the node's kernel
 * (see nodeDiskScript.ts for how), made, mounted, sized and removed by short-lived helper
 * containers through the engine: the panel needs no daemon of its own on the node. The images
 * live beside the engine's data (`<DockerRootDir>/panel-disks`). Operations on one server run one
 * after the other.
 */
export class NodeDisks {
  private root: string | null = null;
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly docker: Docker) {}

  /** Finds where the engine keeps its data on the node. */
  async open(): Promise<void> {
    const info = (await this.docker.info()) as { DockerRootDir?: string };
    if (!info.DockerRootDir?.startsWith('/')) throw new Error('The engine did not say where it keeps its data (DockerRootDir).');
    this.root = posix.join(info.DockerRootDir, 'panel-disks');
  }

  private get dir(): string {
    if (!this.root) throw new Error("The node's disks are not opened yet.");
    return this.root;
  }

  /** The folder of the node a server's volume binds: inside its image, so it exists only while the image is mounted. */
  dataFolder(uuid: string): string {
    if (!UUID.test(uuid)) throw new Error(`Not a server uuid: ${uuid}`);
    return `${this.dir}/${uuid}/data`;
  }

  /** Where the image file of a server is on the node. */
  imagePath(uuid: string): string {
    return `${this.dir}/${this.checked(uuid)}.img`;
  }

  private checked(uuid: string): string {
    if (!UUID.test(uuid)) throw new Error(`Not a server uuid: ${uuid}`);
    return uuid;
  }

  /**
   * Before anything mounts the server's volume: its image made when it has none (only with a
   * quota; `diskMb` 0 makes none), mounted (after a node's reboot) and fitted to `diskMb`.
   * Answers the fit (null: no quota asked) and the figures (null: the server has no image).
   */
  ensure(uuid: string, diskMb: number): Promise<{ fit: DiskFit | null; usage: NodeDiskFigures | null }> {
    const quota = Math.max(0, diskMb) * MiB;
    return this.serial(uuid, async () => this.outcome(uuid, await this.run(['ensure', this.dir, this.checked(uuid), String(quota), String(nodeImageBytes(quota)), String(journalMb(quota))])));
  }

  /** A new plan size on a mounted image, at once (the game may be writing); `deferred` when it needs the next start. */
  fit(uuid: string, diskMb: number): Promise<{ fit: DiskFit | null; usage: NodeDiskFigures | null }> {
    const quota = Math.max(1, diskMb) * MiB;
    return this.serial(uuid, async () => this.outcome(uuid, await this.run(['fit', this.dir, this.checked(uuid), String(quota), String(nodeImageBytes(quota))])));
  }

  /** Unmounts and deletes the server's image (after its volume and containers are gone). */
  remove(uuid: string): Promise<void> {
    return this.serial(uuid, async () => {
      await this.run(['remove', this.dir, this.checked(uuid)]);
    });
  }

  /** The figures of every mounted image of the node, from one helper run. */
  async usage(): Promise<Map<string, NodeDiskFigures>> {
    const figures = new Map<string, NodeDiskFigures>();
    for (const line of await this.run(['usage', this.dir])) {
      const parsed = parseUsage(line);
      if (parsed) figures.set(parsed.uuid, parsed.figures);
    }
    return figures;
  }

  private outcome(uuid: string, lines: string[]): { fit: DiskFit | null; usage: NodeDiskFigures | null } {
    const fitLine = lines.find((line) => line.startsWith('fit '));
    const usage = lines.map(parseUsage).find((parsed) => parsed?.uuid === uuid)?.figures ?? null;
    return { fit: fitLine ? (fitLine.slice(4) as DiskFit) : null, usage };
  }

  private async run(args: string[]): Promise<string[]> {
    const { exitCode, lines } = await runNodeHelper(this.docker, { image: DISK_HELPER_IMAGE, cmd: ['/bin/sh', '-c', ENTER_NODE, NODE_DISK_SCRIPT, ...args], hostConfig: HELPER_HOST_CONFIG });
    const error = lines.find((line) => line.startsWith('error '));
    if (exitCode === 7 && error) throw new NodeDiskError(error.slice(6));
    if (exitCode !== 0) throw new Error(`The node's disk helper failed (exit ${exitCode}): ${error ? error.slice(6) : lines.slice(-3).join(' | ') || 'no output'}`);
    return lines;
  }

  /** Runs `task` after the operations on the same server that came before it. */
  private serial<T>(uuid: string, task: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(uuid) ?? Promise.resolve()).catch(() => undefined).then(task);
    this.queues.set(uuid, run);
    void run.finally(() => this.queues.get(uuid) === run && this.queues.delete(uuid)).catch(() => undefined);
    return run;
  }
}

/** `usage UUID BLOCK_SIZE BLOCKS FREE AVAILABLE` → the server's figures, or null for another line. */
export function parseUsage(line: string): { uuid: string; figures: NodeDiskFigures } | null {
  const match = /^usage (\S+) (\d+) (\d+) (\d+) (\d+)$/.exec(line.trim());
  if (!match || !UUID.test(match[1])) return null;
  const [blockSize, blocks, free, available] = match.slice(2).map(Number);
  return { uuid: match[1], figures: { usedBytes: (blocks - free) * blockSize, availableBytes: available * blockSize } };
}
