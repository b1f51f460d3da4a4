import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { CPU_PERIOD_US, killUntilEmpty, readKeyValues, readPids, readText, type CgroupHost, type CgroupLimits, type CgroupUsage, type ServerCgroup } from './cgroup';

/** A server's cgroup in the unified (v2) hierarchy. */
class ServerCgroupV2 implements ServerCgroup {
  readonly version = 2;

  constructor(private readonly dir: string) {}

  get paths(): string[] {
    return [this.dir];
  }

  async limit(limits: CgroupLimits): Promise<void> {
    await fs.writeFile(join(this.dir, 'memory.max'), String(limits.memoryBytes));
    // Swap would let a server past its memory limit.
    await fs.writeFile(join(this.dir, 'memory.swap.max'), '0').catch(() => undefined);
    const quota = limits.cpuPercent > 0 ? String(Math.max(1000, Math.round((limits.cpuPercent / 100) * CPU_PERIOD_US))) : 'max';
    await fs.writeFile(join(this.dir, 'cpu.max'), `${quota} ${CPU_PERIOD_US}`);
    await fs.writeFile(join(this.dir, 'pids.max'), String(limits.pids));
  }

  async enter(pid: number): Promise<void> {
    await fs.writeFile(join(this.dir, 'cgroup.procs'), String(pid));
  }

  async usage(): Promise<CgroupUsage> {
    const [current, stat, events, cpuStat] = await Promise.all([
      readText(join(this.dir, 'memory.current')),
      readText(join(this.dir, 'memory.stat')),
      readText(join(this.dir, 'memory.events')),
      readText(join(this.dir, 'cpu.stat')),
    ]);
    const cpu = readKeyValues(cpuStat);
    return {
      memoryBytes: Math.max(0, Number(current) - (readKeyValues(stat).get('inactive_file') ?? 0)),
      cpuNanos: (cpu.get('usage_usec') ?? 0) * 1000,
      throttledPeriods: cpu.get('nr_throttled') ?? 0,
      oomKills: readKeyValues(events).get('oom_kill') ?? 0,
    };
  }

  pids(): Promise<number[]> {
    return readPids(join(this.dir, 'cgroup.procs'));
  }

  async killAll(timeoutMs = 5000): Promise<void> {
    // cgroup.kill (Linux 5.14+) kills everything at once, forks in flight included.
    await fs.writeFile(join(this.dir, 'cgroup.kill'), '1').catch(() => undefined);
    await killUntilEmpty(join(this.dir, 'cgroup.procs'), timeoutMs);
  }

  async remove(): Promise<void> {
    await fs.rmdir(this.dir).catch(() => undefined);
  }
}

/** cgroup v2 at /sys/fs/cgroup: server cgroups in `game-panel`, with memory, cpu and pids enabled. */
export class CgroupV2 implements CgroupHost {
  readonly version = 2;
  private readonly base: string;

  constructor(private readonly root: string) {
    this.base = join(root, 'game-panel');
  }

  /** Makes `game-panel` with the three controllers for its children; false where that is not allowed. */
  async usable(): Promise<boolean> {
    try {
      const available = (await readText(join(this.root, 'cgroup.controllers'))).split(/\s+/);
      if (!['memory', 'cpu', 'pids'].every((c) => available.includes(c))) return false;
      await fs.writeFile(join(this.root, 'cgroup.subtree_control'), '+memory +cpu +pids');
      await fs.mkdir(this.base, { recursive: true });
      await fs.writeFile(join(this.base, 'cgroup.subtree_control'), '+memory +cpu +pids');
      return true;
    } catch {
      return false;
    }
  }

  async open(uuid: string): Promise<ServerCgroup> {
    const dir = join(this.base, uuid);
    await fs.mkdir(dir, { recursive: true });
    return new ServerCgroupV2(dir);
  }

  adopt(paths: string[]): ServerCgroup | null {
    return paths.length === 1 ? new ServerCgroupV2(paths[0]) : null;
  }
}
