/**
 * Remembers when each key (user, server, event) was last mailed about, so that a flapping server
 * sends one mail per window instead of one per crash. Kept in memory: a panel restart may send one
 * mail early, which is better than a table written at every event. Old keys are forgotten as new
 * ones come, so the map stays as small as the keys mailed within one window.
 */
export class MailThrottle {
  private readonly lastMailed = new Map<string, number>();

  constructor(private readonly windowMs: number) {}

  /** Whether a mail about `key` may go at `now` (then it counts as sent). */
  allows(key: string, now: number): boolean {
    const last = this.lastMailed.get(key);
    if (last !== undefined && now - last < this.windowMs) return false;
    this.forgetOlderThan(now - this.windowMs);
    // Deleted first so the key moves to the end: the map stays in mailing order.
    this.lastMailed.delete(key);
    this.lastMailed.set(key, now);
    return true;
  }

  private forgetOlderThan(cutoff: number): void {
    // Insertion order is mailing order (a key mailed again is moved to the end), so the oldest come first.
    for (const [key, at] of this.lastMailed) {
      if (at >= cutoff) return;
      this.lastMailed.delete(key);
    }
  }
}
