import type { FastifyBaseLogger } from 'fastify';
import { CLUSTER_PREFIX } from './clusterMessages';
import type { PanelCluster } from './PanelCluster';

/** Extends the lease only while this process still holds it (never another's, after an expiry). */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
/** Deletes a key only while it holds this process's value (a lease, a lock). */
export const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * A lease in Redis: one panel process at a time holds it, for `ttlMs` at most without renewing.
 * The holder renews it every third of that; the others try to take it just as often, so when the
 * holder dies (killed, its machine gone) another holds it within `ttlMs` plus a third. A holder
 * that shuts down gives it up at once. The runtime lease names the process that runs the game
 * servers and follows their engines' streams (see ClusteredRuntimeManager).
 */
export class RuntimeLease {
  private held = false;
  private timer: NodeJS.Timeout | null = null;
  private turn: Promise<void> = Promise.resolve();
  private takingOver: Promise<void> = Promise.resolve();
  private readonly gained: (() => Promise<void>)[] = [];
  private readonly lost: (() => void)[] = [];

  constructor(
    private readonly cluster: PanelCluster,
    private readonly name: string,
    private readonly ttlMs: number,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  ) {}

  get key(): string {
    return `${CLUSTER_PREFIX}lease:${this.name}`;
  }

  /** Whether this process holds the lease now. */
  get holding(): boolean {
    return this.held;
  }

  /** The process holding the lease (null while nobody does). */
  async holder(): Promise<string | null> {
    return this.cluster.redis.get(this.key);
  }

  /** Runs `task` (in order of registration, each awaited) whenever this process takes the lease. */
  onGained(task: () => Promise<void>): void {
    this.gained.push(task);
  }

  /** Hears this process lose the lease it held (Redis unreachable past the lease's time). */
  onLost(listener: () => void): void {
    this.lost.push(listener);
  }

  /** Tries now and then every third of the lease's time. */
  async start(): Promise<void> {
    await this.step();
    this.timer ??= setInterval(() => void this.step(), Math.max(100, Math.floor(this.ttlMs / 3)));
    this.timer.unref();
  }

  /** One renewal or attempt at a time: a slow Redis must not interleave two. */
  private step(): Promise<void> {
    this.turn = this.turn.then(() => this.attempt()).catch((error: Error) => this.log.error({ err: error, lease: this.name }, 'the lease could not be renewed or taken'));
    return this.turn;
  }

  private async attempt(): Promise<void> {
    const { redis, processId } = this.cluster;
    if (this.held) {
      const renewed = await redis.eval(RENEW, 1, this.key, processId, String(this.ttlMs)).catch(() => 0);
      if (renewed === 1) return;
      this.held = false;
      this.log.error({ lease: this.name }, 'this panel process lost its lease: another one takes over');
      for (const listener of this.lost) listener();
      return;
    }
    const taken = await redis.set(this.key, processId, 'PX', this.ttlMs, 'NX');
    if (taken !== 'OK') return;
    this.held = true;
    this.log.info({ lease: this.name }, 'this panel process took the lease');
    // Outside the renewals' turn: taking over (adopting every game) may outlast the lease itself.
    this.takingOver = this.takeOver();
  }

  /** Resolves once the tasks run on taking the lease (opening the drivers, adopting the games) have finished. */
  tookOver(): Promise<void> {
    return this.takingOver;
  }

  private async takeOver(): Promise<void> {
    for (const task of this.gained) {
      try {
        await task();
      } catch (error) {
        this.log.error({ err: error, lease: this.name }, 'taking over after the lease failed in part');
      }
    }
  }

  /** Stops trying and gives the lease up (another process takes it at its next attempt). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.turn;
    if (!this.held) return;
    this.held = false;
    await this.cluster.redis.eval(RELEASE, 1, this.key, this.cluster.processId).catch(() => undefined);
  }
}
