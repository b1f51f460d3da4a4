import { availableParallelism } from 'node:os';
import { CLOCK_TICKS, readProcess, type ProcessInfo } from './procfs';

/** Settings of a {@link CpuThrottle}. */
export interface CpuThrottleOptions {
  /** The session leader: the server's main process, whose pid is also its process group. */
  leader: number;
  /** CPU the server may use on average, in percent of one core (100 = one core). */
  limitPercent: number;
  /** How often the server's CPU time is read and the server paused or resumed. */
  intervalMs?: number;
  /** Told when the server is slowed down for the first time (once per throttle). */
  onFirstPause?: () => void;
}

/**
 * Holds a server to its plan's CPU limit without any privilege: a duty cycle. Every interval it
 * reads the CPU time the server's processes used (/proc/<pid>/stat, like the resource stats)
 * and keeps a balance of the time the plan allows minus the time used. Once the server has used
 * more than its share it is paused (SIGSTOP to its process group and processes) until the
 * balance is even again, then resumed (SIGCONT). On average the server gets its limit; an idle
 * server banks at most one interval's worth, so bursts stay short.
 */
export class CpuThrottle {
  /** Whether the server is paused right now. */
  paused = false;
  /** How often the server was paused so far. */
  pauses = 0;
  private readonly share: number;
  private readonly intervalMs: number;
  private readonly timer: NodeJS.Timeout;
  /** CPU milliseconds the server may still use; negative: it owes that much. */
  private balance = 0;
  private lastAt = performance.now();
  /** The server's processes and their own CPU ticks when last read. */
  private readonly members = new Map<number, number>();
  private measuring = false;
  private stopped = false;
  /** When the server was last paused (Date.now()); 0: never. */
  private lastPausedAt = 0;

  constructor(private readonly options: CpuThrottleOptions) {
    this.share = options.limitPercent / 100;
    this.intervalMs = options.intervalMs ?? 100;
    this.members.set(options.leader, -1);
    // A server paused by a panel that went away would stay frozen: resumed before anything else.
    this.signal('SIGCONT');
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** Whether a limit of `limitPercent` can hold anything back on this machine. */
  static limits(limitPercent: number): boolean {
    return limitPercent > 0 && limitPercent < availableParallelism() * 100;
  }

  /** Follows the processes of the server's session seen in a process-table scan (children it started). */
  track(table: ProcessInfo[]): void {
    const leader = this.options.leader;
    for (const p of table) {
      if ((p.session === leader || p.pid === leader) && !this.members.has(p.pid)) this.members.set(p.pid, p.ownCpuTicks);
    }
  }

  /** Whether the server was held back at any time since `since` (Date.now() time): paused now, or paused since. */
  limitedSince(since: number): boolean {
    return this.paused || this.lastPausedAt >= since;
  }

  /** Stops limiting and lets the server run at full speed (it is stopping, exited or handed over). */
  dispose(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    this.signal('SIGCONT');
    this.paused = false;
  }

  private async tick(): Promise<void> {
    if (this.measuring || this.stopped) return;
    this.measuring = true;
    try {
      const usedMs = await this.measure();
      if (this.stopped) return;
      const now = performance.now();
      const allowedMs = (now - this.lastAt) * this.share;
      this.lastAt = now;
      this.balance = Math.min(this.balance + allowedMs - usedMs, this.intervalMs * this.share);
      if (this.balance < 0 && !this.paused) this.pause();
      else if (this.balance >= 0 && this.paused) this.resume();
    } finally {
      this.measuring = false;
    }
  }

  /** CPU milliseconds the server's processes used since the last reading. */
  private async measure(): Promise<number> {
    let ticks = 0;
    for (const [pid, last] of [...this.members]) {
      const info = await readProcess(pid);
      if (!info) {
        this.members.delete(pid);
        continue;
      }
      // A process seen for the first time counts from now: its past was before the limit's time.
      if (last >= 0) ticks += Math.max(0, info.ownCpuTicks - last);
      this.members.set(pid, info.ownCpuTicks);
    }
    return (ticks / CLOCK_TICKS) * 1000;
  }

  private pause(): void {
    this.paused = true;
    this.lastPausedAt = Date.now();
    this.pauses += 1;
    this.signal('SIGSTOP');
    if (this.pauses === 1) this.options.onFirstPause?.();
  }

  private resume(): void {
    this.paused = false;
    this.signal('SIGCONT');
  }

  /** Signals the process group and every known process of the session (some may have left the group). */
  private signal(signal: NodeJS.Signals): void {
    const send = (pid: number) => {
      try {
        process.kill(pid, signal);
      } catch {
        // gone already (ESRCH)
      }
    };
    send(-this.options.leader);
    for (const pid of this.members.keys()) if (pid !== this.options.leader) send(pid);
  }
}
