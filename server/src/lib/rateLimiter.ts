import LocalStore from '@fastify/rate-limit/store/LocalStore';
import RedisStore from '@fastify/rate-limit/store/RedisStore';
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

/** A counter's state after a hit: hits in the window (this one included) and ms left in it. */
export interface Count {
  current: number;
  ttl: number;
}

type Callback = (error: Error | null, result?: Count) => void;

/** The store contract of @fastify/rate-limit (its LocalStore and RedisStore implement it). */
export interface RateLimitStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read?(key: string, callback: Callback, timeWindow: number, max?: number): void;
  child(options: object): RateLimitStore;
}

/**
 * The part of an ioredis client the Redis store uses (`defineCommand`, `eval`, `del`): pass an
 * `ioredis` instance. The same client goes to @fastify/rate-limit's `redis` option.
 */
export interface RedisLike {
  defineCommand(name: string, definition: { numberOfKeys: number; lua: string }): void;
  eval(script: string, numberOfKeys: number, ...args: (string | number)[]): Promise<unknown>;
  del(...keys: string[]): Promise<unknown>;
}

/** Key prefix of the panel's counters in Redis. */
export const REDIS_NAMESPACE = 'panel-rate-limit-';

const defaultMessage = (seconds: number) => `Too many attempts. Please try again in ${seconds} seconds.`;

/** Counters kept in memory at most (least recently used ones go first). */
const LOCAL_CACHE_SIZE = 100_000;

// Takes back one hit when the window still exists (never creates a key without expiry).
const REFUND_LUA = "if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then return redis.call('DECR', KEYS[1]) end return 0";

/** The store with its underlying @fastify/rate-limit store (for refunds and resets in memory). */
interface WrappedStore extends RateLimitStore {
  readonly inner: RateLimitStore;
}

/**
 * Wraps a store so every answer is a copy. The in-memory store answers its live counter object,
 * which later hits of the same tick change before an awaiting caller reads it: a burst arriving
 * at once would then all read the final count and all be refused. A copy is the count of this hit.
 */
function snapshotting(inner: RateLimitStore): WrappedStore {
  const copy =
    (callback: Callback): Callback =>
    (error, result) =>
      callback(error, result && { current: result.current, ttl: result.ttl });
  return {
    inner,
    incr: (key, callback, timeWindow, max) => inner.incr(key, copy(callback), timeWindow, max),
    read: inner.read ? (key, callback, timeWindow, max) => inner.read!(key, copy(callback), timeWindow, max) : undefined,
    child: (options) => snapshotting(inner.child(options)),
  };
}

/** Creates the store of @fastify/rate-limit: in memory by default, Redis when a client is given. */
export function createRateLimitStore(redis?: RedisLike): RateLimitStore {
  return snapshotting((redis ? new RedisStore(false, false, redis, REDIS_NAMESPACE) : new LocalStore(false, false, LOCAL_CACHE_SIZE)) as RateLimitStore);
}

/** The in-memory store's counters (toad-cache LRU of @fastify/rate-limit's LocalStore). */
function localCounters(store: RateLimitStore): { get(key: string): Count | undefined; delete(key: string): void } {
  const inner = (store as Partial<WrappedStore>).inner ?? store;
  return (inner as unknown as { lru: { get(key: string): Count | undefined; delete(key: string): void } }).lru;
}

/**
 * Runs a store call; answers the result at once (not a promise) when the store called back
 * synchronously, as the in-memory store does, so a counted hit and its check are one step.
 */
function call(run: (callback: Callback) => void): Count | Promise<Count> {
  let result: Count | undefined;
  let failure: Error | null = null;
  let settled = false;
  let resolve: (value: Count) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  run((error, value) => {
    if (settled) return;
    settled = true;
    if (error) {
      failure = error;
      reject(error);
    } else {
      result = value ?? { current: 0, ttl: 0 };
      resolve(result);
    }
  });
  if (settled) {
    if (failure) throw failure;
    return result!;
  }
  return new Promise<Count>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
}

const then = <T, R>(value: T | Promise<T>, next: (value: T) => R): R | Promise<R> => (value instanceof Promise ? value.then(next) : next(value));

/**
 * The panel's rate limits on @fastify/rate-limit's store. Every hit is counted atomically
 * (the store's increment, a Lua script in Redis) before the guarded work runs, so a parallel
 * burst cannot get more than the limit through: count first, then check the answer.
 */
export class RateLimiter {
  constructor(
    readonly store: RateLimitStore = createRateLimitStore(),
    private readonly redis?: RedisLike,
  ) {}

  /** The 429 for a rule whose window ends in `ttlMs`. */
  tooMany(rule: RateLimitRule, ttlMs: number): HttpError {
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
    return new HttpError(429, (rule.message ?? defaultMessage)(seconds), { 'Retry-After': String(seconds) });
  }

  /** Counts one hit and answers the counter (synchronously with the in-memory store). */
  hit(rule: RateLimitRule): Count | Promise<Count> {
    return call((callback) => this.store.incr(rule.key, callback, rule.windowMs, rule.limit));
  }

  /** The counter without counting. */
  peek(rule: RateLimitRule): Count | Promise<Count> {
    const { read } = this.store;
    if (!read) return { current: 0, ttl: 0 };
    return call((callback) => read.call(this.store, rule.key, callback, rule.windowMs, rule.limit));
  }

  /**
   * Counts this call and throws the 429 once over the limit. With the in-memory store the 429 is
   * thrown synchronously; always `await` it (with Redis it is a promise).
   */
  consume(rule: RateLimitRule): Promise<void> {
    const counted = this.hit(rule);
    return Promise.resolve(
      then(counted, (count) => {
        if (count.current > rule.limit) throw this.tooMany(rule, count.ttl);
      }),
    );
  }

  /**
   * Counts one hit on every rule, then answers which are over their limit and the longest wait
   * among them (0 when none is over). Nothing is refused here: the caller decides, e.g. to let a
   * limit yield to a proven owner.
   */
  async hitAll(rules: RateLimitRule[]): Promise<{ over: RateLimitRule[]; retryAfterMs: number }> {
    const counts = await Promise.all(rules.map((rule) => this.hit(rule)));
    const over = rules.filter((rule, i) => counts[i].current > rule.limit);
    const retryAfterMs = Math.max(0, ...counts.filter((_, i) => counts[i].current > rules[i].limit).map((count) => count.ttl));
    return { over, retryAfterMs };
  }

  /** Counts every rule and throws one 429 with the longest Retry-After of those over the limit. */
  async consumeAll(rules: RateLimitRule[]): Promise<void> {
    const { over, retryAfterMs } = await this.hitAll(rules);
    if (over.length > 0) throw this.tooMany(over[0], retryAfterMs);
  }

  /** Takes back one hit (e.g. the attempt was a success, which does not count). */
  async refund(rule: RateLimitRule): Promise<void> {
    if (this.redis) {
      await this.redis.eval(REFUND_LUA, 1, REDIS_NAMESPACE + rule.key);
      return;
    }
    const entry = localCounters(this.store).get(rule.key);
    if (entry && entry.current > 0) entry.current -= 1;
  }

  /** Forgets a key. */
  async reset(key: string): Promise<void> {
    if (this.redis) {
      await this.redis.del(REDIS_NAMESPACE + key);
      return;
    }
    localCounters(this.store).delete(key);
  }
}
