/**
 * A short-lived memory of resolved access tokens, so the hot path (every authenticated request)
 * does not query the database each time.
 *
 * Correctness rules:
 * - entries live at most `ttlMs` (changes made by another process, e.g. the CLI, show within it);
 * - every state-changing request of a user drops that user's entries when it completes, so this
 *   process's own logouts, revocations, password and profile changes take effect at once;
 * - an entry never outlives its token's own expiry.
 */
export class AccessTokenCache<T> {
  private readonly entries = new Map<string, { value: T; userId: number; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(tokenHash: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.value;
  }

  set(tokenHash: string, userId: number, value: T, tokenExpiresAt: number, now = Date.now()): void {
    // Map keeps insertion order: dropping the first key evicts the oldest entry.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, { value, userId, until: Math.min(now + this.ttlMs, tokenExpiresAt) });
  }

  forgetUser(userId: number): void {
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
