import { RateLimiter } from '../../../server/src/lib/rateLimiter';
import { HttpError } from '../../../server/src/lib/errors';

describe('RateLimiter', () => {
  let now = 1_000_000;
  const limiter = new RateLimiter(() => now);
  const rule = { key: 'k', limit: 3, windowMs: 60_000 };

  it('allows the limit, then throws 429 with Retry-After in whole seconds', () => {
    for (let i = 0; i < 3; i++) limiter.consume(rule);
    now += 15_500;
    let error: unknown;
    try {
      limiter.consume(rule);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(429);
    expect((error as HttpError).headers['Retry-After']).toBe('45');
    expect((error as HttpError).message).toBe('Too many attempts. Please try again in 45 seconds.');
  });

  it('keeps keys apart and opens again when the window ends', () => {
    expect(() => limiter.consume({ ...rule, key: 'other' })).not.toThrow();
    now += 44_500;
    expect(() => limiter.consume(rule)).not.toThrow();
  });

  it('counts only hits with assertAvailable + hit, and forgets on reset', () => {
    const r = { key: 'failures', limit: 2, windowMs: 1000 };
    limiter.assertAvailable(r);
    limiter.assertAvailable(r);
    expect(limiter.hit(r)).toBe(1);
    expect(limiter.hit(r)).toBe(0);
    expect(() => limiter.assertAvailable(r)).toThrow(HttpError);
    limiter.reset('failures');
    expect(() => limiter.assertAvailable(r)).not.toThrow();
  });

  it('uses a custom message and sweeps expired windows', () => {
    const r = { key: 'custom', limit: 0, windowMs: 2000, message: (s: number) => `wait ${s}s` };
    expect(() => limiter.consume(r)).toThrow('wait 2s');
    now += 120_000;
    limiter.sweep();
    expect(limiter.size).toBe(0);
  });
});
