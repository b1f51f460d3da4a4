import type { ResourceLimits } from '../types';
import { CpuThrottle } from './CpuThrottle';
import { CLOCK_TICKS, type ProcessInfo } from './procfs';
import { SANDBOX_PIDS_MAX } from './sandbox/Sandbox';
import type { CgroupHost, ServerCgroup } from './sandbox/cgroup';

const MiB = 1024 * 1024;

/** CPU and memory of one run, as measured at a sample. */
export interface ProcessUsage {
  /** Percent of one core since the last sample (0 at the first). */
  cpuPercent: number;
  /** Held back to the plan's CPU limit within the sample period (at least the last second). */
  cpuLimited: boolean;
  memoryBytes: number;
  /**
   * The figures come from the process table, not a cgroup: nothing but the panel holds the memory
   * limit, so the supervisor kills a server over it.
   */
  polled: boolean;
}

/**
 * Holds one run of a game to its plan's CPU and memory limits and measures its use. Where the host
 * has cgroups, the kernel counts and limits everything in the server's cgroup; elsewhere the
 * process table is read and CpuThrottle pauses the game to hold its CPU share.
 */
export class ProcessLimits {
  /** The cgroup that holds the running server to its plan (null: no cgroups on this host, or not running). */
  cgroup: ServerCgroup | null = null;
  /** The cgroup's OOM kills when the server started: more at exit means it ran out of memory. */
  oomBase = 0;
  /** Holds the running process to its plan's CPU limit without a cgroup (null: no limit to hold, or not running). */
  private throttle: CpuThrottle | null = null;
  private lastCpu: { ticks: number; at: number } | null = null;
  private lastThrottled = 0;
  private lastThrottledAt = 0;
  /** Whether the console was told that the CPU quota holds the server back (once per run). */
  private throttleTold = false;

  constructor(
    private readonly host: CgroupHost | null,
    /** Writes a notice into the server's console (without waiting). */
    private readonly tell: (notice: string) => void,
  ) {}

  /** A new run: the server's cgroup emptied and given the plan's limits, or null where the host has no cgroups. */
  async open(uuid: string, limits: ResourceLimits): Promise<ServerCgroup | null> {
    this.cgroup = null;
    this.lastCpu = null;
    if (!this.host) return null;
    const cgroup = await this.host.open(uuid);
    await cgroup.killAll(2000); // nothing of an earlier run may stay in it
    await cgroup.limit(cgroupLimits(limits));
    const usage = await cgroup.usage();
    this.oomBase = usage.oomKills;
    this.lastThrottled = usage.throttledPeriods;
    this.throttleTold = false;
    this.cgroup = cgroup;
    return cgroup;
  }

  /** The cgroup of a run from before the panel restarted, from the folders its pid file remembers. */
  async adopt(paths: string[] | undefined, oomBase: number | undefined): Promise<void> {
    this.cgroup = paths ? (this.host?.adopt(paths) ?? null) : null;
    this.oomBase = oomBase ?? 0;
    this.lastThrottled = this.cgroup ? ((await this.cgroup.usage().catch(() => null))?.throttledPeriods ?? 0) : 0;
  }

  /** Starts holding the process to the plan's CPU limit, where the limit is below the machine's cores. */
  holdCpu(pid: number, limitPercent: number): void {
    this.releaseCpu();
    if (!CpuThrottle.limits(limitPercent)) return;
    this.throttle = new CpuThrottle({ leader: pid, limitPercent, onFirstPause: () => this.toldThrottled(limitPercent) });
  }

  /** Lets the process run at full speed (stopping, exited, or detached: never left paused). */
  releaseCpu(): void {
    this.throttle?.dispose();
    this.throttle = null;
  }

  /** New limits for the running process: the cgroup's rewritten, else the CPU pauses follow a new share. */
  async update(pid: number, before: ResourceLimits, limits: ResourceLimits): Promise<void> {
    if (this.cgroup) await this.cgroup.limit(cgroupLimits(limits));
    else if (before.cpuPercent !== limits.cpuPercent) this.holdCpu(pid, limits.cpuPercent);
  }

  /** SIGKILLs everything in the cgroup, in the background. */
  killCgroup(): void {
    void this.cgroup?.killAll().catch(() => undefined);
  }

  /** The run ended: its cgroup emptied and removed. Answers whether it had one, and whether the kernel killed it for memory. */
  async close(): Promise<{ hadCgroup: boolean; outOfMemory: boolean }> {
    const cgroup = this.cgroup;
    this.cgroup = null;
    if (!cgroup) return { hadCgroup: false, outOfMemory: false };
    await cgroup.killAll().catch(() => undefined);
    const usage = await cgroup.usage().catch(() => null);
    await cgroup.remove();
    return { hadCgroup: true, outOfMemory: usage !== null && usage.oomKills > this.oomBase };
  }

  /** CPU and memory since the last sample: the cgroup's counters, else the session's processes in the table. */
  async measure(pid: number, table: ProcessInfo[], now: number, limits: ResourceLimits): Promise<ProcessUsage> {
    const usage = this.cgroup ? await this.cgroup.usage().catch(() => null) : null;
    if (usage) {
      // The kernel counts and limits: CPU time and memory of everything in the cgroup.
      const ticks = (usage.cpuNanos / 1e9) * CLOCK_TICKS;
      const cpuPercent = this.cpuSince(ticks, now);
      if (usage.throttledPeriods > this.lastThrottled) this.lastThrottledAt = now;
      this.lastThrottled = usage.throttledPeriods;
      // Held back within the sample period, and at least the last second (samples may come close together on a busy machine).
      const cpuLimited = this.lastThrottledAt >= Math.min(this.lastCpu?.at ?? now, now - 1000);
      if (this.lastThrottledAt === now && !this.throttleTold) {
        this.throttleTold = true;
        this.toldThrottled(limits.cpuPercent);
      }
      this.lastCpu = { ticks, at: now };
      return { cpuPercent, cpuLimited, memoryBytes: usage.memoryBytes, polled: false };
    }
    let ticks = 0;
    let memoryBytes = 0;
    for (const p of table) {
      if (p.session !== pid && p.pid !== pid) continue;
      ticks += p.cpuTicks;
      memoryBytes += p.rssBytes;
    }
    const cpuPercent = this.cpuSince(ticks, now);
    // Held back within the sample period, and at least the last second: a busy machine's late
    // throttle timer can let a server run a little longer at times without the figure flickering.
    const cpuLimited = this.throttle?.limitedSince(Math.min(this.lastCpu?.at ?? now, now - 1000)) ?? false;
    this.lastCpu = { ticks, at: now };
    this.throttle?.track(table);
    return { cpuPercent, cpuLimited, memoryBytes, polled: true };
  }

  /** The console says that the server is slowed down to its CPU limit. */
  private toldThrottled(limitPercent: number): void {
    this.tell(`The server uses more CPU than its plan allows (${limitPercent} % of one core); it is slowed down to its limit.`);
  }

  private cpuSince(ticks: number, now: number): number {
    return this.lastCpu && now > this.lastCpu.at ? ((ticks - this.lastCpu.ticks) / CLOCK_TICKS / ((now - this.lastCpu.at) / 1000)) * 100 : 0;
  }
}

function cgroupLimits(limits: ResourceLimits) {
  return { memoryBytes: limits.memoryMb * MiB, cpuPercent: limits.cpuPercent, pids: SANDBOX_PIDS_MAX };
}
