import type { FastifyBaseLogger } from 'fastify';
import type { ServerStats } from '../types';
import type { ProcessSupervisor } from './ProcessSupervisor';
import { readProcessTable } from './procfs';
import { TcpTrafficSampler, type SsRunner } from './network/TcpTrafficSampler';
import type { TrafficTotals } from './network/TcpTrafficMeter';

export interface ServerSamplerOptions {
  /** Where trouble of the sampler's own is reported (a missing `ss`). */
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** How the TCP connection table is read (default: iproute2's `ss`). */
  runSs?: SsRunner;
  /** The servers that run now. */
  running: () => ProcessSupervisor[];
  /** Hears each new sample. */
  sampled: (uuid: string, stats: ServerStats) => void;
}

/**
 * The resource samples of the running servers: one process-table scan and one `ss` run per tick
 * serve every running server; a tick that comes while the last one still runs is skipped.
 */
export class ServerSampler {
  private readonly traffic: TcpTrafficSampler;
  private readonly latest = new Map<string, ServerStats>();
  private sampling = false;

  constructor(private readonly options: ServerSamplerOptions) {
    this.traffic = new TcpTrafficSampler({ log: options.log, run: options.runSs });
  }

  /** The latest sample of a server (whether it still runs is the caller's to know). */
  last(uuid: string): ServerStats | null {
    return this.latest.get(uuid) ?? null;
  }

  async tick(): Promise<void> {
    if (this.sampling) return;
    const running = this.options.running();
    if (running.length === 0) return;
    this.sampling = true;
    try {
      await this.sampleAll(running);
    } finally {
      this.sampling = false;
    }
  }

  private async sampleAll(running: ProcessSupervisor[]): Promise<void> {
    const owners = new Map<number, string>();
    const ownerKeys = new Map<string, string>();
    for (const supervisor of running) {
      const owner = supervisor.trafficOwner();
      if (!owner) continue;
      ownerKeys.set(supervisor.uuid, owner.key);
      for (const port of owner.ports) owners.set(port, owner.key);
    }
    const [table, traffic] = await Promise.all([readProcessTable().catch(() => []), owners.size > 0 ? this.traffic.sample(owners) : Promise.resolve(null)]);
    const now = Date.now();
    await Promise.all(
      running.map(async (supervisor) => {
        const key = ownerKeys.get(supervisor.uuid);
        // A server that started again while `ss` ran has new totals to count: none yet.
        const sameRun = key !== undefined && supervisor.trafficOwner()?.key === key;
        const totals: TrafficTotals | null = (sameRun && traffic?.get(key)) || null;
        const stats = await supervisor.sample(table, now, totals);
        if (!stats) return;
        this.latest.set(supervisor.uuid, stats);
        this.options.sampled(supervisor.uuid, stats);
      }),
    );
  }
}
