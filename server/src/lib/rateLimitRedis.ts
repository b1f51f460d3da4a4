import type { RedisLike } from './rateLimiter';

/**
 * Connects the Redis client for shared rate-limit counters (PANEL_REDIS_URL). The panel does not
 * ship a Redis client: install `ioredis` next to it when several panel processes share the load.
 * Its client goes both to the panel's counters and to @fastify/rate-limit's `redis` option.
 */
export async function connectRateLimitRedis(url: string): Promise<RedisLike> {
  const moduleName = 'ioredis';
  let Redis: new (url: string, options: object) => RedisLike;
  try {
    const loaded = (await import(moduleName)) as { default: typeof Redis };
    Redis = loaded.default;
  } catch {
    throw new Error('PANEL_REDIS_URL is set but the ioredis package is not installed: run `npm install ioredis` next to the panel.');
  }
  // Fail fast rather than refusing logins later: a limit that cannot count answers an error.
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true });
}
