export interface CrashRestartOptions {
  /** Restarts allowed within `windowMs` before the server is left stopped. */
  maxRestarts: number;
  windowMs: number;
  /** Delay before the first restart; doubled for each further one. */
  backoffMs: number;
}

export const crashRestartDefaults: CrashRestartOptions = { maxRestarts: 3, windowMs: 10 * 60_000, backoffMs: 5000 };

/**
 * Decides whether a crashed server is started again: with a growing delay, and not more than
 * `maxRestarts` times in `windowMs`, so a server that crashes at start does not loop forever.
 */
export class CrashRestartPolicy {
  private readonly crashes = new Map<string, number[]>();

  constructor(private readonly options: CrashRestartOptions) {}

  /** The delay before restarting, or null when the cap is reached. Records the crash. */
  next(uuid: string, now = Date.now()): { delayMs: number; attempt: number; max: number } | null {
    const recent = (this.crashes.get(uuid) ?? []).filter((t) => now - t < this.options.windowMs);
    recent.push(now);
    this.crashes.set(uuid, recent);
    if (recent.length > this.options.maxRestarts) return null;
    return { delayMs: this.options.backoffMs * 2 ** (recent.length - 1), attempt: recent.length, max: this.options.maxRestarts };
  }

  /** Forgets the crashes (after a deliberate start or stop). */
  reset(uuid: string): void {
    this.crashes.delete(uuid);
  }
}
