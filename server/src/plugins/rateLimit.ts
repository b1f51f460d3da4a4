import fp from 'fastify-plugin';
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { HttpError } from '../lib/errors';
import { RateLimiter, createRateLimitStore, type RateLimitRule, type RedisLike } from '../lib/rateLimiter';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's counters, for routes that count first and decide after (e.g. logins). */
    rateLimiter: RateLimiter;
    /**
     * Counts one request against the rule; rejects with 429 and Retry-After once over the limit.
     * Await it (with the in-memory store the 429 is thrown at once).
     */
    rateLimit(rule: RateLimitRule): Promise<void>;
  }
}

export interface RateLimitPluginOptions {
  /**
   * An ioredis client (from PANEL_REDIS_URL) when several panel processes share the load: the
   * counters then live in Redis. Without it they are kept in memory, per process.
   */
  redis?: RedisLike;
}

const defaultMessage = (seconds: number) => `Too many attempts. Please try again in ${seconds} seconds.`;

/**
 * Rate limiting shared by every area, on @fastify/rate-limit: routes may declare
 * `config: { rateLimit: { max, timeWindow } }` (counted in onRequest), and handlers that must
 * count inside (per login name, per account) use `app.rateLimit({ key, limit, windowMs })` or
 * `app.rateLimiter`, on the same store.
 */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, { redis }) => {
    const store = createRateLimitStore(redis);
    const limiter = new RateLimiter(store, redis);
    app.decorate('rateLimiter', limiter);
    // Declared before the plugin registers so its own `rateLimit` decorator steps aside.
    app.decorate('rateLimit', (rule: RateLimitRule) => limiter.consume(rule));
    // `new` on this function answers the shared store, so route limits use the same backend.
    const SharedStore = function sharedStore() {
      return store;
    } as unknown as FastifyRateLimitStoreCtor;
    await app.register(fastifyRateLimit, {
      global: false,
      store: SharedStore,
      ...(redis ? { redis: redis as never, nameSpace: 'panel-rate-limit-route-' } : {}),
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
      errorResponseBuilder: (_request, context) => new HttpError(429, defaultMessage(Math.max(1, Math.ceil(context.ttl / 1000)))),
    });
  },
  { name: 'rate-limit' },
);
