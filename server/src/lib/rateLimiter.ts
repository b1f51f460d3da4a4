import { HttpError } from './errors';

export interface RateLimitRule {
  /** What is counted, e.g. `login:ip:127.0.0.1`. Never a raw secret. */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
  /** Message of the 429; default "Too many attempts. Please try again in N seconds." */
  message?: (retryAfterSeconds: number) => string;
}

interface Window {
  count: number;
  resetAt: number;
}

const defaultMessage = (seconds: number) => `Too many attempts. Please try again in ${seconds} seconds.`;

/**
 * In-memory fixed-window counters. One instance per app: limits hold per process, which is what
 * a single panel process needs; a cluster would put the counters in a shared store.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  private current(rule: RateLimitRule): Window {
    const now = this.now();
    const window = this.windows.get(rule.key);
    if (window && window.resetAt > now) return window;
    const fresh = { count: 0, resetAt: now + rule.windowMs };
    this.windows.set(rule.key, fresh);
    return fresh;
  }

  private tooMany(rule: RateLimitRule, window: Window): HttpError {
    const seconds = Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000));
    return new HttpError(429, (rule.message ?? defaultMessage)(seconds), { 'Retry-After': String(seconds) });
  }

  /** Throws the 429 when the key has used up its window, without counting this call. */
  assertAvailable(rule: RateLimitRule): void {
    const window = this.current(rule);
    if (window.count >= rule.limit) throw this.tooMany(rule, window);
  }

  /** Counts one hit (e.g. a failed login) and answers how many remain in the window. */
  hit(rule: RateLimitRule): number {
    const window = this.current(rule);
    window.count += 1;
    return Math.max(0, rule.limit - window.count);
  }

  /** Counts this call and throws the 429 when it goes over the limit. */
  consume(rule: RateLimitRule): void {
    this.assertAvailable(rule);
    this.hit(rule);
  }

  /** Forgets a key (e.g. after a successful login). */
  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Drops expired windows so memory stays bounded by the keys active in the last window. */
  sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }
}
