import { execFile } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import { parseSs, SS_ARGS } from './parseSs';
import { TcpTrafficMeter, type TrafficTotals } from './TcpTrafficMeter';

/** Runs `ss` and answers its output. */
export type SsRunner = () => Promise<string>;

/** `ss` from iproute2, wherever the system keeps it. */
export const runSs: SsRunner = () =>
  new Promise((resolve, reject) => {
    const path = [process.env.PATH, '/usr/bin', '/bin', '/usr/sbin', '/sbin'].filter(Boolean).join(':');
    execFile('ss', SS_ARGS, { timeout: 5000, maxBuffer: 256 * 1024 * 1024, env: { PATH: path, LC_ALL: 'C' } }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });

/** Settings of a {@link TcpTrafficSampler}. */
export interface TcpTrafficSamplerOptions {
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** How `ss` is run (tests give a broken one). */
  run?: SsRunner;
}

/**
 * The TCP traffic of the servers of this machine: one `ss` run per sampling tick for all of them,
 * accounted by a {@link TcpTrafficMeter}. `ss` runs in the host's network namespace: a sandboxed
 * game lives in a namespace of its own, so what is counted is its forwarder's side (pasta's
 * sockets on the server's ports on the host, one per player connection): the bytes players
 * exchanged with the game, as before. Connections the game opens itself (it never could be
 * counted: their local ports are not the server's) stay out of the figure. Without a working `ss` there are no figures (null), never
 * guessed ones; the failure is logged once, not on every tick.
 */
export class TcpTrafficSampler {
  private readonly meter = new TcpTrafficMeter();
  private failing = false;

  constructor(private readonly options: TcpTrafficSamplerOptions = {}) {}

  /** Totals per owner key (see {@link TcpTrafficMeter.update}), or null when `ss` could not be read. */
  async sample(owners: ReadonlyMap<number, string>): Promise<Map<string, TrafficTotals> | null> {
    let output: string;
    try {
      output = await (this.options.run ?? runSs)();
    } catch (error) {
      if (!this.failing) this.options.log?.warn({ err: error }, 'cannot run ss (iproute2): network traffic of game servers is not measured');
      this.failing = true;
      return null;
    }
    if (this.failing) this.options.log?.info('ss works again: network traffic of game servers is measured');
    this.failing = false;
    return this.meter.update(parseSs(output), owners);
  }
}
