import type { PowerState, ServerStats } from '../types';

/** The fields of the engine's stats sample the panel reads (API 1.41, cgroup v1 and v2). */
export interface EngineStatsSample {
  cpu_stats?: { cpu_usage?: { total_usage?: number }; system_cpu_usage?: number; online_cpus?: number; throttling_data?: { throttled_periods?: number } };
  precpu_stats?: { cpu_usage?: { total_usage?: number }; system_cpu_usage?: number };
  memory_stats?: { usage?: number; limit?: number; stats?: Record<string, number> };
  networks?: Record<string, { rx_bytes?: number; tx_bytes?: number }>;
}

/**
 * A stats sample of the engine as the panel's figures: CPU in percent of one core (the engine's
 * share of the machine times its cores), memory without the page cache (as `docker stats` shows
 * it), and the container's own network traffic (all of it is the server's).
 */
export function toServerStats(
  sample: EngineStatsSample,
  context: { state: PowerState; startedAt: number; diskBytes: number; diskLimitBytes: number; throttledBefore: number },
): ServerStats & { throttledPeriods: number } {
  const cpu = sample.cpu_stats ?? {};
  const pre = sample.precpu_stats ?? {};
  const cpuDelta = (cpu.cpu_usage?.total_usage ?? 0) - (pre.cpu_usage?.total_usage ?? 0);
  const systemDelta = (cpu.system_cpu_usage ?? 0) - (pre.system_cpu_usage ?? 0);
  const cores = cpu.online_cpus ?? 1;
  const cpuPercent = systemDelta > 0 && cpuDelta > 0 ? (cpuDelta / systemDelta) * cores * 100 : 0;
  const memory = sample.memory_stats ?? {};
  const cache = memory.stats?.inactive_file ?? memory.stats?.total_inactive_file ?? memory.stats?.cache ?? 0;
  const networks = Object.values(sample.networks ?? {});
  const throttledPeriods = cpu.throttling_data?.throttled_periods ?? 0;
  return {
    state: context.state,
    cpuPercent: Math.round(cpuPercent * 10) / 10,
    cpuLimited: throttledPeriods > context.throttledBefore,
    kernelLimits: true,
    memoryBytes: Math.max(0, (memory.usage ?? 0) - cache),
    memoryLimitBytes: memory.limit ?? 0,
    diskBytes: context.diskBytes,
    diskLimitBytes: context.diskLimitBytes,
    networkRxBytes: networks.reduce((sum, n) => sum + (n.rx_bytes ?? 0), 0),
    networkTxBytes: networks.reduce((sum, n) => sum + (n.tx_bytes ?? 0), 0),
    uptimeMs: Math.max(0, Date.now() - context.startedAt),
    throttledPeriods,
  };
}
