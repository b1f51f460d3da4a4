import fp from 'fastify-plugin';
import { RateLimiter, type RateLimitRule } from '../lib/rateLimiter';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's counters, for routes that count only some outcomes (e.g. failed logins). */
    rateLimiter: RateLimiter;
    /** Counts one request against the rule; throws 429 with Retry-After once over the limit. */
    rateLimit: (rule: RateLimitRule) => void;
  }
}

const SWEEP_INTERVAL_MS = 60_000;

/** In-memory rate limiting shared by every area: `app.rateLimit({ key, limit, windowMs })`. */
export const rateLimitPlugin = fp(
  async (app) => {
    const limiter = new RateLimiter();
    app.decorate('rateLimiter', limiter);
    app.decorate('rateLimit', (rule: RateLimitRule) => limiter.consume(rule));
    const sweeper = setInterval(() => limiter.sweep(), SWEEP_INTERVAL_MS);
    sweeper.unref();
    app.addHook('onClose', async () => clearInterval(sweeper));
  },
  { name: 'rate-limit' },
);
