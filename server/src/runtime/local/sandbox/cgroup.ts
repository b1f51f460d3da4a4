import { promises as fs, readFileSync } from 'node:fs';

/** The kernel limits of one server, as its cgroup holds them. */
export interface CgroupLimits {
  memoryBytes: number;
  /** 100 = one core; 0 or less: no CPU limit. */
  cpuPercent: number;
  /** Processes and threads the server may have at once. */
  pids: number;
}

/** What a server's cgroup counted. */
export interface CgroupUsage {
  /** Memory in use, page cache that can be dropped left out (as `docker stats` shows it). */
  memoryBytes: number;
  /** CPU time used since the cgroup was made, in nanoseconds. */
  cpuNanos: number;
  /** How many periods the CPU quota held the server back so far. */
  throttledPeriods: number;
  /** How many times the kernel killed a process of the server for memory. */
  oomKills: number;
}

/** One server's cgroup (a folder per controller in v1, one folder in v2). */
export interface ServerCgroup {
  readonly version: 1 | 2;
  /** Every folder that makes up the cgroup, to be remembered for adoption after a restart. */
  readonly paths: string[];
  /** Writes the limits (again: a plan may have changed between starts). */
  limit(limits: CgroupLimits): Promise<void>;
  /** Moves a process (and the children it starts from then on) into the cgroup. */
  enter(pid: number): Promise<void>;
  usage(): Promise<CgroupUsage>;
  /** The processes in the cgroup now. */
  pids(): Promise<number[]>;
  /** SIGKILLs everything in it, until it is empty (or `timeoutMs` passed). */
  killAll(timeoutMs?: number): Promise<void>;
  /** Removes the cgroup (once it is empty). */
  remove(): Promise<void>;
}

/** The cgroup hierarchy of this machine, which makes one cgroup per server. */
export interface CgroupHost {
  readonly version: 1 | 2;
  /** The cgroup of a server (made when missing). */
  open(uuid: string): Promise<ServerCgroup>;
  /** A cgroup made by a previous run, from its remembered folders (null when gone). */
  adopt(paths: string[]): ServerCgroup | null;
}

/** The CPU period the quota is measured over (the kernel's default, 100 ms). */
export const CPU_PERIOD_US = 100_000;

/** Reads `key value` lines (memory.stat, cpu.stat, memory.events). */
export function readKeyValues(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [key, value] = line.split(' ');
    if (key && value !== undefined) out.set(key, Number(value));
  }
  return out;
}

export async function readText(path: string): Promise<string> {
  return fs.readFile(path, 'utf8');
}

/** Pids listed in a cgroup.procs file. */
export async function readPids(file: string): Promise<number[]> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).map(Number);
}

/** Sends SIGKILL to the pids of `file` until it lists none. */
export async function killUntilEmpty(file: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const pids = await readPids(file);
    if (pids.length === 0 || Date.now() > until) return;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The folder of this process's own cgroup for a v1 controller ('memory') or v2 (''). */
export function ownCgroupPath(controller: string, procSelfCgroup = readFileSync('/proc/self/cgroup', 'utf8')): string {
  for (const line of procSelfCgroup.split('\n')) {
    const [, controllers, path] = line.split(':');
    if (path === undefined) continue;
    if (controller === '' ? controllers === '' : controllers.split(',').includes(controller)) return path;
  }
  return '/';
}
