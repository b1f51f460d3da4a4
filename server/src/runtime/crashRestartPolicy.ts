export interface CrashRestartOptions {
  /** Delay before the first restart; doubled for each further one. */
  backoffMs: number;
}

/** A server's own cap (its customer's crash policy): restarts allowed within `windowMs`. */
export interface CrashRestartLimits {
  maxRestarts: number;
  windowMs: number;
}

export const crashRestartDefaults: CrashRestartOptions = { backoffMs: 5000 };

/**
 * Decides whether a crashed server is started again: with a growing delay, and not more than its
 * policy's `maxRestarts` times in `windowMs`, so a server that crashes at start does not loop forever.
 */
export class CrashRestartPolicy {
  private readonly crashes = new Map<string, number[]>();

  constructor(private readonly options: CrashRestartOptions) {}

  /** The delay before restarting, or null when the cap is reached. Records the crash. */
  next(uuid: string, limits: CrashRestartLimits, now = Date.now()): { delayMs: number; attempt: number; max: number } | null {
    const recent = (this.crashes.get(uuid) ?? []).filter((t) => now - t < limits.windowMs);
    recent.push(now);
    this.crashes.set(uuid, recent);
    if (recent.length > limits.maxRestarts) return null;
    return { delayMs: this.options.backoffMs * 2 ** (recent.length - 1), attempt: recent.length, max: limits.maxRestarts };
  }

  /** Forgets the crashes (after a deliberate start or stop, or a policy change). */
  reset(uuid: string): void {
    this.crashes.delete(uuid);
  }
}
