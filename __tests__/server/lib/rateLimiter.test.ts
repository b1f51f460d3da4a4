import { RateLimiter, createRateLimitStore, type RedisLike } from '../../../server/src/lib/rateLimiter';
import { HttpError } from '../../../server/src/lib/errors';

describe('RateLimiter (on the store of @fastify/rate-limit)', () => {
  let now = 1_000_000;
  let limiter: RateLimiter;
  const rule = { key: 'k', limit: 3, windowMs: 60_000 };
  beforeAll(() => {
    jest.useFakeTimers({ now, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    limiter = new RateLimiter();
  });
  afterAll(() => jest.useRealTimers());
  // consume throws at once with the in-memory store; this turns both kinds into a promise.
  const run = (fn: () => Promise<void>) => Promise.resolve().then(fn);
  const advance = (ms: number) => {
    now += ms;
    jest.setSystemTime(now);
  };

  it('allows the limit, then throws 429 with Retry-After in whole seconds', async () => {
    for (let i = 0; i < 3; i++) await limiter.consume(rule);
    advance(15_500);
    const error = await run(() => limiter.consume(rule)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(429);
    expect((error as HttpError).headers['Retry-After']).toBe('45');
    expect((error as HttpError).message).toBe('Too many attempts. Please try again in 45 seconds.');
  });

  it('throws at once with the in-memory store, so an unawaited call still refuses', () => {
    expect(() => limiter.consume(rule)).toThrow(HttpError);
  });

  it('keeps keys apart and opens again when the window ends', async () => {
    await expect(run(() => limiter.consume({ ...rule, key: 'other' }))).resolves.toBeUndefined();
    advance(44_500);
    await expect(run(() => limiter.consume(rule))).resolves.toBeUndefined();
  });

  it('counts a parallel burst exactly: only the limit gets through', async () => {
    const burst = { key: 'burst', limit: 10, windowMs: 60_000 };
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => run(() => limiter.consume(burst))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
  });

  it('takes back a hit with refund and forgets a key with reset', async () => {
    const r = { key: 'failures', limit: 2, windowMs: 1000 };
    await limiter.consume(r);
    await limiter.consume(r);
    await limiter.refund(r);
    await limiter.consume(r);
    await expect(run(() => limiter.consume(r))).rejects.toBeInstanceOf(HttpError);
    await limiter.reset('failures');
    await expect(run(() => limiter.consume(r))).resolves.toBeUndefined();
    expect(await limiter.peek(r)).toMatchObject({ current: 1 });
  });

  it('answers the longest wait of the limits that are over with consumeAll', async () => {
    const short = { key: 'short', limit: 0, windowMs: 5_000 };
    const long = { key: 'long', limit: 0, windowMs: 50_000 };
    const error = await run(() => limiter.consumeAll([short, long])).catch((e: unknown) => e);
    expect((error as HttpError).headers['Retry-After']).toBe('50');
  });

  it('uses a custom message', async () => {
    const r = { key: 'custom', limit: 0, windowMs: 2000, message: (s: number) => `wait ${s}s` };
    await expect(run(() => limiter.consume(r))).rejects.toThrow('wait 2s');
  });

  it('keeps its counters in Redis when given a client (same Lua script as @fastify/rate-limit)', async () => {
    // A tiny in-process stand-in for the three commands the store sends; a real ioredis client
    // goes here in production (PANEL_REDIS_URL).
    const data = new Map<string, number>();
    const commands: string[] = [];
    const redis: RedisLike & Record<string, unknown> = {
      defineCommand(name) {
        commands.push(name);
        this[name] = (key: string, windowMs: number, _max: number, _a: boolean, _b: boolean, cb: (e: Error | null, r: [number, number]) => void) => {
          const current = (data.get(key) ?? 0) + 1;
          data.set(key, current);
          setImmediate(() => cb(null, [current, windowMs]));
        };
      },
      async eval(_script, _n, key) {
        data.set(String(key), (data.get(String(key)) ?? 1) - 1);
        return 0;
      },
      async del(key) {
        data.delete(key);
        return 1;
      },
    };
    const shared = new RateLimiter(createRateLimitStore(redis), redis);
    expect(commands).toContain('rateLimit');
    const r = { key: 'redis', limit: 1, windowMs: 10_000 };
    await shared.consume(r);
    expect(data.get('panel-rate-limit-redis')).toBe(1);
    await expect(shared.consume(r)).rejects.toMatchObject({ statusCode: 429, headers: { 'Retry-After': '10' } });
    await shared.refund(r);
    expect(data.get('panel-rate-limit-redis')).toBe(1);
  });
});
