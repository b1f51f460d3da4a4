import type { RateLimitRule } from '../../lib/rateLimiter';

/** Failed password attempts allowed per minute, per address and per login name: the web login and SFTP count on the same counters. */
export const LOGIN_LIMIT = { limit: 10, windowMs: 60_000 };

/** The login's two counters for an address and a login name. */
export function loginLimits(ip: string, login: string): { byIp: RateLimitRule; byName: RateLimitRule } {
  return { byIp: { key: `login:ip:${ip}`, ...LOGIN_LIMIT }, byName: { key: `login:name:${login}`, ...LOGIN_LIMIT } };
}
