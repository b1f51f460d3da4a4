import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CgroupHost } from './cgroup';
import { CgroupV1 } from './cgroupV1';
import { CgroupV2 } from './cgroupV2';

/**
 * The cgroup hierarchy the panel can use: cgroup v2 where it is mounted at /sys/fs/cgroup with
 * the memory, cpu and pids controllers; v1 where the memory, cpu, cpuacct and pids hierarchies
 * are mounted; null where neither is there or the panel may not make cgroups (not root, no
 * delegation). Server cgroups go in a `game-panel` folder below the panel's own cgroup (v1), so
 * whatever limit the panel itself runs under also holds its servers.
 */
export async function detectCgroupHost(root = '/sys/fs/cgroup'): Promise<CgroupHost | null> {
  if (existsSync(join(root, 'cgroup.controllers'))) {
    const host = new CgroupV2(root);
    return (await host.usable()) ? host : null;
  }
  const controllers = ['memory', 'cpu', 'cpuacct', 'pids'] as const;
  if (!controllers.every((c) => existsSync(join(root, c, 'cgroup.procs')))) return null;
  const host = new CgroupV1(root);
  return (await host.usable()) ? host : null;
}
