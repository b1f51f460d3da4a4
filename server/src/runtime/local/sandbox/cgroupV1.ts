import { promises as fs, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { CPU_PERIOD_US, killUntilEmpty, ownCgroupPath, readKeyValues, readPids, readText, type CgroupHost, type CgroupLimits, type CgroupUsage, type ServerCgroup } from './cgroup';

type Controller = 'memory' | 'cpu' | 'cpuacct' | 'pids';
const CONTROLLERS: Controller[] = ['memory', 'cpu', 'cpuacct', 'pids'];

/** Writes a value, ignoring files this kernel lacks (memory.memsw.* without swap accounting). */
async function write(file: string, value: string, optional = false): Promise<void> {
  try {
    await fs.writeFile(file, value);
  } catch (error) {
    if (optional) return;
    throw error;
  }
}

/** A server's cgroup in the v1 hierarchies: one folder per controller (cpu and cpuacct may share one). */
class ServerCgroupV1 implements ServerCgroup {
  readonly version = 1;

  constructor(private readonly dirs: Record<Controller, string>) {}

  get paths(): string[] {
    return CONTROLLERS.map((c) => this.dirs[c]);
  }

  private unique(): string[] {
    return [...new Set(this.paths)];
  }

  async limit(limits: CgroupLimits): Promise<void> {
    const memory = String(limits.memoryBytes);
    // memsw (memory + swap) must stay at least the memory limit: write in the order that keeps it so.
    await write(join(this.dirs.memory, 'memory.limit_in_bytes'), memory, true);
    await write(join(this.dirs.memory, 'memory.memsw.limit_in_bytes'), memory, true);
    await write(join(this.dirs.memory, 'memory.limit_in_bytes'), memory);
    await write(join(this.dirs.cpu, 'cpu.cfs_period_us'), String(CPU_PERIOD_US));
    const quota = limits.cpuPercent > 0 ? Math.max(1000, Math.round((limits.cpuPercent / 100) * CPU_PERIOD_US)) : -1;
    await write(join(this.dirs.cpu, 'cpu.cfs_quota_us'), String(quota));
    await write(join(this.dirs.pids, 'pids.max'), String(limits.pids));
  }

  async enter(pid: number): Promise<void> {
    for (const dir of this.unique()) await fs.writeFile(join(dir, 'cgroup.procs'), String(pid));
  }

  async usage(): Promise<CgroupUsage> {
    const [usage, stat, oom, cpu, cpuStat] = await Promise.all([
      readText(join(this.dirs.memory, 'memory.usage_in_bytes')),
      readText(join(this.dirs.memory, 'memory.stat')),
      readText(join(this.dirs.memory, 'memory.oom_control')),
      readText(join(this.dirs.cpuacct, 'cpuacct.usage')),
      readText(join(this.dirs.cpu, 'cpu.stat')),
    ]);
    const inactiveFile = readKeyValues(stat).get('total_inactive_file') ?? 0;
    return {
      memoryBytes: Math.max(0, Number(usage) - inactiveFile),
      cpuNanos: Number(cpu),
      throttledPeriods: readKeyValues(cpuStat).get('nr_throttled') ?? 0,
      oomKills: readKeyValues(oom).get('oom_kill') ?? 0,
    };
  }

  pids(): Promise<number[]> {
    return readPids(join(this.dirs.pids, 'cgroup.procs'));
  }

  async killAll(timeoutMs = 5000): Promise<void> {
    await killUntilEmpty(join(this.dirs.pids, 'cgroup.procs'), timeoutMs);
  }

  async remove(): Promise<void> {
    for (const dir of this.unique()) await fs.rmdir(dir).catch(() => undefined);
  }
}

/** cgroup v1: memory, cpu, cpuacct and pids hierarchies, each with a `game-panel` folder below the panel's own cgroup. */
export class CgroupV1 implements CgroupHost {
  readonly version = 1;
  private readonly bases: Record<Controller, string>;

  constructor(root: string) {
    const bases = {} as Record<Controller, string>;
    for (const controller of CONTROLLERS) {
      // cpu and cpuacct are often one hierarchy (cpu,cpuacct) with links named after each.
      const mount = realpathSync(join(root, controller));
      bases[controller] = join(mount, ownCgroupPath(controller), 'game-panel');
    }
    this.bases = bases;
  }

  /** Whether the panel may make cgroups here (root, or a delegated hierarchy). */
  async usable(): Promise<boolean> {
    const probe = `probe-${process.pid}`;
    try {
      for (const base of new Set(Object.values(this.bases))) {
        await fs.mkdir(join(base, probe), { recursive: true });
        await fs.rmdir(join(base, probe));
      }
      return true;
    } catch {
      return false;
    }
  }

  async open(uuid: string): Promise<ServerCgroup> {
    const dirs = {} as Record<Controller, string>;
    for (const controller of CONTROLLERS) {
      dirs[controller] = join(this.bases[controller], uuid);
      await fs.mkdir(dirs[controller], { recursive: true });
    }
    return new ServerCgroupV1(dirs);
  }

  adopt(paths: string[]): ServerCgroup | null {
    if (paths.length !== CONTROLLERS.length) return null;
    return new ServerCgroupV1(Object.fromEntries(CONTROLLERS.map((c, i) => [c, paths[i]])) as Record<Controller, string>);
  }
}
